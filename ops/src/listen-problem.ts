import { ConfigError } from '@kainga/platform';

/** What to tell a person, by the errno code of a failed listen on PORT and HOST (or the variables named). */
const PROBLEMS: Readonly<Record<string, (port: number, host: string, P: string, H: string) => string>> = {
  EADDRINUSE: (port, host, P, H) => `${P} ${port} is already in use on ${H} ${host}: stop what listens there, or choose another ${P}.`,
  EACCES: (port, host, P, H) => `${P} ${port} on ${H} ${host} needs privileges this user does not have: choose a ${P} above 1023 (a proxy in front can serve 80 and 443).`,
  EADDRNOTAVAIL: (_port, host, _P, H) => `${H} ${host} is not an address of this machine: choose one of its addresses, or 0.0.0.0 for all of them.`,
  ENOTFOUND: (_port, host, _P, H) => `${H} ${host} could not be resolved to an address of this machine: choose an address, or 0.0.0.0 for all of them.`,
};

/**
 * Why the server could not listen on PORT and HOST, as a `ConfigError` a person can act on, or
 * null when the failure is not about the configured address (then the error is shown as it is).
 * `names`: the variables that chose the address (METRICS_PORT and METRICS_HOST for the metrics listener).
 */
export function listenProblem(error: unknown, port: number, host: string, names: { port: string; host: string } = { port: 'PORT', host: 'HOST' }): ConfigError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // A resolver that could not answer in time (EAI_AGAIN) is said as one that found nothing.
  const problem = code === undefined ? undefined : PROBLEMS[code === 'EAI_AGAIN' ? 'ENOTFOUND' : code];
  return problem ? new ConfigError([problem(port, host, names.port, names.host)]) : null;
}
