import type { AdminAdSubscriptionView, AdminSubscriptionStatus } from '@kainga/contracts';
import { CommandError, handleCommand, notFound, waitForCommand, type CommandContext } from '@kainga/platform';
import { subscriptionById } from '@kainga/projections';
import type { AppDeps } from '../../deps';
import { AD_SUBSCRIPTION_NOT_FOUND, adSubscriptionDecider, adSubscriptionStream } from './ad-subscription';
import { adminSubscriptionViews } from './subscription-views';

/**
 * PATCH /api/admin/partner-ad-subscriptions/{id} {status}: Pause, Activate, Expire. The status it
 * already has answers 200 with nothing recorded; an expired one refuses any other (409).
 */
export async function changeSubscriptionStatus(deps: Pick<AppDeps, 'stores'>, subscriptionId: string, status: AdminSubscriptionStatus, by: string, ctx: CommandContext): Promise<AdminAdSubscriptionView> {
  const store = deps.stores.readStore;
  const result = await handleCommand(deps.stores.eventStore, adSubscriptionDecider, adSubscriptionStream(subscriptionId), { type: 'ChangeAdSubscriptionStatus', status, by, at: ctx.metadata.occurredAt }, ctx);
  // Nothing recorded now: the read model must still show what the stream holds.
  await waitForCommand(deps.stores, 'ad_subscriptions', adSubscriptionStream(subscriptionId), result);
  const doc = await subscriptionById(store, subscriptionId);
  if (!doc) throw notFound(AD_SUBSCRIPTION_NOT_FOUND);
  const [view] = await adminSubscriptionViews(store, [doc]);
  if (!view) throw new CommandError('unavailable', 'The subscription was updated but is not readable yet. Please reload in a moment.');
  return view;
}
