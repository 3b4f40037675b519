/**
 * Runs the first call alone and lets the others start only once it has answered (successfully
 * or not), then all at once. The adverts' list (GET /api/ads/active) gives a browser without the
 * advertising cookie a new session and signs its adverts' serve tokens for it: a page asking for
 * several placements at once on a first visit would get a session per answer, keep only the last
 * cookie, and the others' impressions would not count. After the first answer the cookie is
 * there, and every later ask carries it.
 */
export function firstAlone<A extends unknown[], T>(call: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let first: Promise<unknown> | null = null;
  return async (...args: A) => {
    if (!first) {
      const answer = call(...args);
      first = answer.catch(() => undefined);
      return answer;
    }
    await first;
    return call(...args);
  };
}
