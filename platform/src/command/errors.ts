/**
 * Errors a decider or route raises on purpose. The API maps each kind to one status
 * (invalid 400, unauthenticated 401, forbidden 403, not_found 404, conflict 409, too_many 429,
 * unavailable 503) and shows the message to the person as it is, so write it for them.
 */
export type CommandErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'unavailable';

export class CommandError extends Error {
  constructor(
    readonly kind: CommandErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

export const invalid = (message: string) => new CommandError('invalid', message);
export const notFound = (message: string) => new CommandError('not_found', message);
export const conflict = (message: string) => new CommandError('conflict', message);
export const forbidden = (message: string) => new CommandError('forbidden', message);
export const unauthenticated = (message: string) => new CommandError('unauthenticated', message);
