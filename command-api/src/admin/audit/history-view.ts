import { auditViewsStream, type AuditViewed, type AuditViewEvent, type EventMetadata } from '@kainga/contracts';
import { handleCommand, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';
import type { AppDeps } from '../../deps';

/**
 * Looking at the event history is recorded (issue 12): each first page of a filtered view, each
 * stream timeline's first page and each export appends AuditHistoryViewed to the admin's stream of
 * the day (contracts' auditViewsStream), through the one command handler, so the record is in the
 * history too, with the admin as its actor and the request as its correlation.
 *
 * Nothing is refused and nothing depends on earlier views: the state is only how many views the
 * stream holds. The route records before it answers, so no view is shown unrecorded.
 */
export type HistoryViewState = { views: number };
export type HistoryViewCommand = { type: 'RecordHistoryView'; viewerId: string; viewed: AuditViewed; at: string };

export const historyViewDecider: Decider<HistoryViewState, HistoryViewCommand, AuditViewEvent> = {
  initialState: () => ({ views: 0 }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'AuditHistoryViewed' }, (): HistoryViewState => ({ views: state.views + 1 }))
      .exhaustive(),
  decide: (command) =>
    match(command)
      .with({ type: 'RecordHistoryView' }, (c): AuditViewEvent[] => [{ type: 'AuditHistoryViewed', data: { viewerId: c.viewerId, viewed: c.viewed, viewedAt: c.at } }])
      .exhaustive(),
};

/** Appends the record of one view (a retried request, same idempotency key, appends nothing more). */
export async function recordHistoryView(deps: Pick<AppDeps, 'stores'>, viewed: AuditViewed, context: { idempotencyKey: string; metadata: EventMetadata }): Promise<void> {
  const viewerId = context.metadata.actorId;
  if (!viewerId) throw new Error('A view of the history is recorded for a signed-in admin only.');
  const at = context.metadata.occurredAt;
  await handleCommand(deps.stores.eventStore, historyViewDecider, auditViewsStream(viewerId, at), { type: 'RecordHistoryView', viewerId, viewed, at }, context);
}
