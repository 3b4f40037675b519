import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { VisitorDayKeys } from './visitor-day-keys';

/**
 * Who saw an advert, without knowing who they are. The browser session is an HttpOnly cookie of
 * its own (a session cookie: no Max-Age, so it ends with the browser session), holding 128 random
 * bits; the server never stores the value, only a keyed hash of it, and hashes the IP address the
 * same way. The key is the UTC day's (visitor-day-keys.ts), destroyed two days later: until then
 * the hashes cannot be reversed by trying every address without the vault, and afterwards not at all.
 */
export const AD_SESSION_COOKIE = 'kainga.ad';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{22}$/;
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${AD_SESSION_COOKIE.replace('.', '\\.')}=([^;]*)`);

export interface Visitor {
  sessionHash: string;
  /** The same browser session under yesterday's key, while it is kept: one session across midnight. */
  earlierSessionHash: string | null;
  ipHash: string;
}

const hashWith = (key: Buffer, kind: 'session' | 'ip', value: string) => createHmac('sha256', key).update(`${kind}:${value}`).digest('base64url').slice(0, 32);

export class VisitorHasher {
  constructor(readonly keys: VisitorDayKeys) {}

  /** The browser session's hash at `now` (what a serve token binds). */
  async sessionHash(cookie: string, now: number): Promise<string> {
    return hashWith((await this.keys.at(now)).today, 'session', cookie);
  }

  /** The visitor of this request; a browser without a (well-formed) advertising cookie is given one. */
  async visitorOf(request: FastifyRequest, reply: FastifyReply, now: number): Promise<Visitor> {
    let session = COOKIE_PATTERN.exec(request.headers.cookie ?? '')?.[1];
    if (!session || !COOKIE_VALUE.test(session)) {
      session = randomBytes(16).toString('base64url');
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header('set-cookie', `${AD_SESSION_COOKIE}=${session}; Path=/api/ads; HttpOnly; SameSite=Lax${secure}`);
    }
    const { today, yesterday } = await this.keys.at(now);
    return { sessionHash: hashWith(today, 'session', session), earlierSessionHash: yesterday && hashWith(yesterday, 'session', session), ipHash: hashWith(today, 'ip', request.ip) };
  }
}

/**
 * A crawler, a monitor or a script, by its user agent (the maintained `isbot` patterns): the
 * request's own header, and the userAgent the page reports. No user agent at all is not a browser.
 */
export function isBotRequest(headerAgent: string | undefined, reportedAgent: string): boolean {
  if (!headerAgent) return true;
  return isBotAgent(headerAgent) || (reportedAgent !== '' && isBotAgent(reportedAgent));
}

// isbot's one large pattern costs more than the rest of the check; the same few browsers' user
// agents come again and again, so answers are kept (a bounded map, emptied when full).
const botAnswers = new Map<string, boolean>();
const BOT_ANSWERS_MAX = 10_000;
function isBotAgent(agent: string): boolean {
  let answer = botAnswers.get(agent);
  if (answer === undefined) {
    answer = isbot(agent);
    if (botAnswers.size >= BOT_ANSWERS_MAX) botAnswers.clear();
    botAnswers.set(agent, answer);
  }
  return answer;
}
