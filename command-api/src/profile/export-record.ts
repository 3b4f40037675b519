import { personalDataExportsStream, type EventMetadata, type PersonalDataEvent } from '@kainga/contracts';
import { handleCommand, type Decider, type EventStore } from '@kainga/platform';
import { match } from 'ts-pattern';

/**
 * Each copy of a person's data is recorded (PersonalDataExported), before the first byte is sent:
 * an admin's with the reason the person's request gave, and the person's own too, so the person
 * (in their next export) and the admins (in the history) can see every copy that was made, and a
 * copy taken with a stolen session leaves a trace. Nothing is refused: the state is the count.
 */
export type ExportRecordState = { exports: number };
export type ExportRecordCommand = { type: 'RecordExport'; userId: string; by: string; reason: string | null; at: string };

export const exportRecordDecider: Decider<ExportRecordState, ExportRecordCommand, PersonalDataEvent> = {
  initialState: () => ({ exports: 0 }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'PersonalDataExported' }, (): ExportRecordState => ({ exports: state.exports + 1 }))
      .exhaustive(),
  decide: (command) =>
    match(command)
      .with({ type: 'RecordExport' }, (c): PersonalDataEvent[] => [{ type: 'PersonalDataExported', data: { userId: c.userId, by: c.by, reason: c.reason, at: c.at } }])
      .exhaustive(),
};

/** Appends the record of one export (a retried request with the same idempotency key appends nothing more). */
export async function recordExport(eventStore: EventStore, userId: string, reason: string | null, context: { idempotencyKey: string; metadata: EventMetadata }): Promise<void> {
  const by = context.metadata.actorId;
  if (!by) throw new Error('An export is recorded for a signed-in person only.');
  await handleCommand(eventStore, exportRecordDecider, personalDataExportsStream(userId), { type: 'RecordExport', userId, by, reason, at: context.metadata.occurredAt }, context);
}
