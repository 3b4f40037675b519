import { ConfigError } from '@kainga/platform';

/**
 * Why the server could not listen on PORT and HOST, as a `ConfigError` a person can act on, or
 * null when the failure is not about the configured address (then the error is shown as it is).
 */
export function listenProblem(error: unknown, port: number, host: string): ConfigError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const problem =
    code === 'EADDRINUSE'
      ? `PORT ${port} is already in use on HOST ${host}: stop what listens there, or choose another PORT.`
      : code === 'EACCES'
        ? `PORT ${port} on HOST ${host} needs privileges this user does not have: choose a PORT above 1023 (a proxy in front can serve 80 and 443).`
        : code === 'EADDRNOTAVAIL'
          ? `HOST ${host} is not an address of this machine: choose one of its addresses, or 0.0.0.0 for all of them.`
          : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
            ? `HOST ${host} could not be resolved to an address of this machine: choose an address, or 0.0.0.0 for all of them.`
            : null;
  return problem ? new ConfigError([problem]) : null;
}
