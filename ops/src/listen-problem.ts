import { ConfigError } from '@kainga/platform';

/** What to tell a person, by the errno code of a failed listen on PORT and HOST. */
const PROBLEMS: Readonly<Record<string, (port: number, host: string) => string>> = {
  EADDRINUSE: (port, host) => `PORT ${port} is already in use on HOST ${host}: stop what listens there, or choose another PORT.`,
  EACCES: (port, host) => `PORT ${port} on HOST ${host} needs privileges this user does not have: choose a PORT above 1023 (a proxy in front can serve 80 and 443).`,
  EADDRNOTAVAIL: (_port, host) => `HOST ${host} is not an address of this machine: choose one of its addresses, or 0.0.0.0 for all of them.`,
  ENOTFOUND: (_port, host) => `HOST ${host} could not be resolved to an address of this machine: choose an address, or 0.0.0.0 for all of them.`,
};

/**
 * Why the server could not listen on PORT and HOST, as a `ConfigError` a person can act on, or
 * null when the failure is not about the configured address (then the error is shown as it is).
 */
export function listenProblem(error: unknown, port: number, host: string): ConfigError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // A resolver that could not answer in time (EAI_AGAIN) is said as one that found nothing.
  const problem = code === undefined ? undefined : PROBLEMS[code === 'EAI_AGAIN' ? 'ENOTFOUND' : code];
  return problem ? new ConfigError([problem(port, host)]) : null;
}
