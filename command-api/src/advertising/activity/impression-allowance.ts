import type { AdTrafficEvent } from '@kainga/contracts';
import type { Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

export type AllowanceEvent = Extract<AdTrafficEvent, { type: 'AdImpressionsReserved' | 'AdImpressionsReturned' }>;

/** A subscription's month on its allowance stream: how many impressions processes hold (reserved less returned). */
export interface AllowanceState {
  taken: number;
}

export type AllowanceCommand =
  | { type: 'ReserveImpressions'; subscriptionId: string; month: string; want: number; cap: number; holder: string; at: string }
  | { type: 'ReturnImpressions'; subscriptionId: string; month: string; count: number; holder: string; at: string };

/**
 * The monthly impression cap, guarded by the log (DESIGN: "anything billed … is guarded by the
 * log"): a reservation takes at most what is left under the cap the advert was served with, and
 * nothing once it is used up; the command handler appends it with the stream's expected revision,
 * so two processes reserving at once cannot both take the last impressions.
 */
export const impressionAllowance: Decider<AllowanceState, AllowanceCommand, AllowanceEvent> = {
  initialState: () => ({ taken: 0 }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'AdImpressionsReserved' }, ({ data }) => ({ taken: state.taken + data.count }))
      .with({ type: 'AdImpressionsReturned' }, ({ data }) => ({ taken: Math.max(0, state.taken - data.count) }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'ReserveImpressions' }, ({ subscriptionId, month, want, cap, holder, at }): AllowanceEvent[] => {
        const count = Math.min(want, cap - state.taken);
        return count > 0 ? [{ type: 'AdImpressionsReserved', data: { subscriptionId, month, count, cap, holder, at } }] : [];
      })
      .with({ type: 'ReturnImpressions' }, ({ subscriptionId, month, count, holder, at }): AllowanceEvent[] =>
        count > 0 ? [{ type: 'AdImpressionsReturned', data: { subscriptionId, month, count: Math.min(count, state.taken), holder, at } }] : [],
      )
      .exhaustive(),
};
