import { ErrorBody } from '@kainga/contracts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 | 504;

/** The error answers a route documents in OpenAPI, all `{ message }`. */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) => Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as Record<S, typeof ErrorBody>;
