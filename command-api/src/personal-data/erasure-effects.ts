import type { PersonErased } from '@kainga/contracts';
import { CommandError, handleCommand, outboxDirOf, readOutbox, visitorPersonOf, type CommandContext, type Stores } from '@kainga/platform';
import { PARTNER_LEADS } from '@kainga/projections';
import { existsSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { adSubscriptionDecider, adSubscriptionStream } from '../advertising/subscriptions/ad-subscription';
import { leadStream } from '../leads/lead';
import { SESSIONS } from '../plugins/session-store';
import { imageKeyOfPath } from '../uploads/image-path';

export type ErasureDeps = { stores: Pick<Stores, 'eventStore' | 'readStore' | 'credentials' | 'blobStore' | 'personalKeys'>; config: { DATA_DIR: string } };

/** The actor of what an erasure does on the person's behalf (the subscriptions it ends). */
export const ERASURE_ACTOR = 'system:erasure';

/**
 * What follows a PersonErased event outside the read models, each step idempotent so the route
 * that recorded it and the reactor that follows the log (after a crash between the two) may both
 * run it: the person's keys destroyed in the vault, their password, sessions and uploads deleted,
 * the outbox's mail to or about them removed, and their partner subscriptions ended (the billing
 * workflow then cancels each at Stripe). Lead charges keep their amounts; the books need them.
 */
export async function completeErasure(deps: ErasureDeps, event: { id: string; data: PersonErased['data'] }): Promise<void> {
  const { stores } = deps;
  const { data } = event;
  // Mail first: telling a message about the person from others needs the keys of their requests.
  await removeOutboxMail(deps, data);
  await stores.personalKeys.erase({ persons: data.persons, scopes: data.scopes, at: data.at });
  await stores.credentials.delete(data.userId);
  await stores.readStore.collection(SESSIONS).deleteMany({ 'sess.userId': data.userId });
  for (const path of data.records.uploads) {
    const key = imageKeyOfPath(path);
    if (key) await stores.blobStore.delete(key);
  }
  for (const subscriptionId of data.records.subscriptionIds) await endSubscription(stores, subscriptionId, event.id, data.at);
}

async function endSubscription(stores: ErasureDeps['stores'], subscriptionId: string, eventId: string, at: string) {
  const ctx: CommandContext = {
    idempotencyKey: `${eventId}:end:${subscriptionId}`,
    metadata: { actorId: ERASURE_ACTOR, actorRoles: [], correlationId: eventId, causationId: eventId, occurredAt: at },
  };
  try {
    await handleCommand(stores.eventStore, adSubscriptionDecider, adSubscriptionStream(subscriptionId), { type: 'ChangeAdSubscriptionStatus', status: 'expired', by: ERASURE_ACTOR, at }, ctx);
  } catch (error) {
    // Already over (expired, or never recorded): nothing to end.
    if (!(error instanceof CommandError && (error.kind === 'conflict' || error.kind === 'not_found'))) throw error;
  }
}

/**
 * The embedded run's outbox (`DATA_DIR/outbox`, the admins' Sent Emails): mail to one of the
 * person's addresses (known here only by the vault's keyed digests), and mail caused by their
 * requests to partners or, for a partner, by their replies (named by the events' ids). With SMTP, no copy is kept here.
 */
async function removeOutboxMail(deps: ErasureDeps, data: PersonErased['data']) {
  const dir = outboxDirOf(deps.config);
  if (!existsSync(dir)) return;
  const secret = await deps.stores.personalKeys.visitorSecret();
  const persons = new Set(data.persons);
  const causedBy = new Set<string>();
  for (const leadId of data.records.sentLeadIds) for (const e of await deps.stores.eventStore.readStream(leadStream(leadId))) causedBy.add(e.id);
  // A partner's replies, mailed to the people who wrote to them, are the partner's words too.
  for (const partnerId of data.records.partnerIds) {
    for (const lead of await deps.stores.readStore.collection(PARTNER_LEADS).find({ partnerId, leadStatus: 'responded' })) {
      for (const e of await deps.stores.eventStore.readStream(leadStream(lead._id))) if (e.type === 'PartnerLeadResponded') causedBy.add(e.id);
    }
  }
  for (const mail of await readOutbox(dir)) {
    const id = mail.file.replace(/\.eml$/, '');
    if (persons.has(visitorPersonOf(secret, mail.to)) || causedBy.has(id)) await unlink(join(dir, mail.file)).catch(() => undefined);
  }
}
