import type { AdPlanRequestEvent } from '@kainga/contracts';
import { adPlanRequestStream } from '@kainga/contracts';
import type { Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

export { adPlanRequestStream };

export type AdPlanRequestState = { status: 'none' } | { status: 'requested'; requestedAt: string };

export type AdPlanRequestCommand = {
  type: 'RequestAdPlanAllocation';
  partnerId: string;
  adPlanId: string;
  locationId: string;
  message: string;
  by: string;
  at: string;
};

/**
 * A partner's request that the admins allocate a plan in a town (stream
 * `adPlanRequest-<partnerId>-<adPlanId>-<locationId>`): recorded once. Asking again records
 * nothing — the admins already have it, and a partner pressing twice must not write to them twice.
 */
export const adPlanRequestDecider: Decider<AdPlanRequestState, AdPlanRequestCommand, AdPlanRequestEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => match(event).with({ type: 'AdPlanAllocationRequested' }, ({ data }): AdPlanRequestState => ({ status: 'requested', requestedAt: data.requestedAt })).exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RequestAdPlanAllocation' }, (c): AdPlanRequestEvent[] =>
        state.status === 'requested'
          ? []
          : [{ type: 'AdPlanAllocationRequested', data: { partnerId: c.partnerId, adPlanId: c.adPlanId, locationId: c.locationId, message: c.message.trim(), requestedBy: c.by, requestedAt: c.at } }],
      )
      .exhaustive(),
};
