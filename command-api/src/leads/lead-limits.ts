import type { FastifyRequest } from 'fastify';
import type { RouteRateLimit } from '../plugins/rate-limit';

const HOUR = 60 * 60_000;
const minutes = (seconds: number) => {
  const n = Math.ceil(seconds / 60);
  return n === 1 ? '1 minute' : `${n} minutes`;
};
const tooManyFromAccount = (seconds: number) => `You have sent too many messages to professionals in the last hour. Please wait ${minutes(seconds)} and try again.`;
// An address may be shared (an office, a mobile network): not "you".
const tooManyFromAddress = (seconds: number) => `Too many messages to professionals have come from your network in the last hour. Please wait ${minutes(seconds)} and try again.`;

/**
 * Requests to partners one address sends in an hour, over the three request routes together
 * (an IPv6 client's /64 is one address, as for every per-address limit). Thirty leaves room for
 * an office or a mobile carrier's shared address; one person sending more is sending junk.
 */
export const LEADS_PER_ADDRESS: RouteRateLimit = { bucket: 'leads-per-address', max: 30, timeWindow: HOUR, message: tooManyFromAddress };

/**
 * Requests to partners one account sends in an hour, from any address, over the three routes
 * together: a client comparing a few brokers sends a handful; signed-out requests are not counted
 * here (LEADS_PER_ADDRESS and the dialog's own limit count them).
 */
export const LEADS_PER_ACCOUNT: RouteRateLimit = {
  bucket: 'leads-per-account',
  max: 10,
  timeWindow: HOUR,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? null,
  message: tooManyFromAccount,
};

/**
 * Signed-out messages one partner receives through its dialog in an hour, from every address
 * together: a flood of them (a script rotating addresses) would bury the partner's inbox, so past
 * it the dialog asks the visitor to come back later or to sign in (signed-in senders are counted
 * per account instead). Such messages are never charged (billing/lead-charges/charge-lead.ts).
 */
export const ANONYMOUS_LEADS_PER_PARTNER: RouteRateLimit = {
  bucket: 'anonymous-leads-per-partner',
  max: 20,
  timeWindow: HOUR,
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => (request.user ? null : (request.params as { id: string }).id),
  message: (seconds) => `This professional has received a lot of messages in the last hour. Please try again in ${minutes(seconds)}, or sign in and send it from your account.`,
};

/** A premium partner's dialog, per client address: enough for a person, too few for a spammer. */
export const DIALOG_LIMIT: RouteRateLimit = { max: 5, timeWindow: 10 * 60_000 };

/** The limits of every request to a partner. */
export const LEAD_LIMITS = [LEADS_PER_ADDRESS, LEADS_PER_ACCOUNT] as const;
