import { outboxDirOf, pruneOutbox } from '@kainga/platform';
import type { AdServing } from '../advertising/activity/ad-serving';
import type { LoginThrottle } from '../auth/login-throttle';
import type { AppDeps } from '../deps';
import type { SessionParts } from '../plugins/sessions';
import type { RetentionJob } from './retention-job';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the API process keeps about visitors for a while, and the job that drops each (docs/retention.md says why each period). */
export function retentionJobs(deps: Pick<AppDeps, 'config'>, held: { sessions: SessionParts; throttle: LoginThrottle; serving: AdServing }): RetentionJob[] {
  const outbox = outboxDirOf(deps.config);
  const keepMail = deps.config.OUTBOX_RETENTION_DAYS * DAY;
  return [
    // Sessions last SESSION_MAX_AGE_DAYS (or until sign-out or erasure); expired ones are deleted.
    { name: 'expired sessions', everyMs: 10 * MINUTE, run: () => held.sessions.store.sweep() },
    // Failed sign-ins name an account and an address; they count for at most an hour.
    { name: 'sign-in failures past their window', everyMs: MINUTE, run: () => held.throttle.sweep() },
    // Addresses counted for an hour, browser sessions de-duplicated for 24 h, in memory.
    { name: 'advertising visitors past their window', everyMs: MINUTE, run: (now) => held.serving.filter.sweep(now) },
    // The day keys of the advertising hashes, two days after their day.
    { name: 'advertising visitor keys', everyMs: HOUR, run: async (now) => (await held.serving.hasher.keys.destroyExpired(now)).length },
    // The embedded run's mail copies (the admins' Sent Emails).
    { name: 'outbox mail', everyMs: HOUR, run: (now) => pruneOutbox(outbox, keepMail, now) },
  ];
}
