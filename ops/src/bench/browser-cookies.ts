/**
 * The cookies a browser would hold after an answer that signed someone in (the session and the
 * signed-in hint), as one Cookie header: the benches send what a browser sends, so a signed-in
 * read is measured without the hint being set again on every answer.
 */
export function browserCookies(res: Response): string {
  const jar = new Map<string, string>();
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0]!;
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  if (!jar.has('kainga.sid')) throw new Error('sign-in set no kainga.sid cookie');
  return [...jar.values()].join('; ');
}
