import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';

/**
 * Who saw an advert, without knowing who they are. The browser session is an HttpOnly cookie of
 * its own (a session cookie: no Max-Age, so it ends with the browser session), holding 128 random
 * bits; the server never stores the value, only a keyed hash of it, and hashes the IP address the
 * same way (the key derives from the session secret, so the hashes cannot be reversed by trying
 * every address without it).
 */
export const AD_SESSION_COOKIE = 'kainga.ad';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{22}$/;
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${AD_SESSION_COOKIE.replace('.', '\\.')}=([^;]*)`);

export interface Visitor {
  sessionHash: string;
  ipHash: string;
}

export class VisitorHasher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('kainga advertising visitor hashes').digest();
  }

  hash(kind: 'session' | 'ip', value: string): string {
    return createHmac('sha256', this.key).update(`${kind}:${value}`).digest('base64url').slice(0, 32);
  }

  /** The visitor of this request; a browser without a (well-formed) advertising cookie is given one. */
  visitorOf(request: FastifyRequest, reply: FastifyReply): Visitor {
    let session = COOKIE_PATTERN.exec(request.headers.cookie ?? '')?.[1];
    if (!session || !COOKIE_VALUE.test(session)) {
      session = randomBytes(16).toString('base64url');
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header('set-cookie', `${AD_SESSION_COOKIE}=${session}; Path=/api/ads; HttpOnly; SameSite=Lax${secure}`);
    }
    return { sessionHash: this.hash('session', session), ipHash: this.hash('ip', request.ip) };
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
