import type { AdContentFields, AdSubscriptionStatus } from '@kainga/contracts';
import { CommandError, eventIdFor, handleCommand, waitForCommand, type CommandContext } from '@kainga/platform';
import { adContentById, type AdContentRecord } from '@kainga/projections';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { adContentDecider, adContentStream, AD_CONTENT_NOT_FOUND, type AdContentCommand } from './ad-content';

type Deps = Pick<AppDeps, 'stores'>;

/** Runs one command on an advert and answers the advert once the read model has it. */
export async function onAdContent(deps: Deps, adContentId: string, command: AdContentCommand, ctx: CommandContext): Promise<AdContentRecord> {
  const stream = adContentStream(adContentId);
  const result = await handleCommand(deps.stores.eventStore, adContentDecider, stream, command, ctx);
  await waitForCommand(deps.stores, 'ad_content', stream, result);
  const record = await adContentById(deps.stores.readStore, adContentId);
  if (!record) throw new CommandError('not_found', AD_CONTENT_NOT_FOUND);
  return record;
}

/**
 * A new advert for a subscription, awaiting approval. With an Idempotency-Key the advert's id
 * derives from the key, so a retried submission finds the first advert instead of making two.
 */
export function submitAdContent(
  deps: Deps,
  advert: { partnerId: string; subscription: { subscriptionId: string; status: AdSubscriptionStatus }; content: AdContentFields; by: string; demo?: boolean },
  ctx: CommandContext & { keyed: boolean },
): Promise<AdContentRecord> {
  const adContentId = ctx.keyed ? eventIdFor(ctx.idempotencyKey, 'adContent', 0) : randomUUID();
  return onAdContent(deps, adContentId, { type: 'SubmitAdContent', adContentId, ...advert, at: ctx.metadata.occurredAt }, ctx);
}
