import { ErrorBody } from '@kainga/contracts';

/** The error answers a route documents in OpenAPI, all `{ message }`. */
export const errorResponses = (...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503)[]) =>
  Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as Record<number, typeof ErrorBody>;
