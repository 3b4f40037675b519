import { VISITOR_NOT_FOUND, type VisitorErased, type VisitorErasureEvent } from '@kainga/contracts';
import { notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

export interface VisitorErasureState {
  /** The requests erased by earlier erasures of this visitor. */
  erasedLeadIds: readonly string[];
}

export type VisitorErasureCommand = { type: 'EraseVisitor' } & VisitorErased['data'];

/**
 * A signed-out visitor's erasures (`visitorErasure-<digest>`): each erases the requests they sent
 * that no earlier one did; with none left there is nothing to erase (404). The stream's expected
 * revision keeps two admins erasing at once from recording it twice.
 */
export const visitorErasureDecider: Decider<VisitorErasureState, VisitorErasureCommand, VisitorErasureEvent> = {
  initialState: () => ({ erasedLeadIds: [] }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'VisitorErased' }, ({ data }) => ({ erasedLeadIds: [...state.erasedLeadIds, ...data.sentLeadIds] }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'EraseVisitor' }, ({ type: _, ...data }): VisitorErasureEvent[] => {
        const sentLeadIds = data.sentLeadIds.filter((id) => !state.erasedLeadIds.includes(id));
        if (sentLeadIds.length === 0) throw notFound(VISITOR_NOT_FOUND);
        return [{ type: 'VisitorErased', data: { ...data, sentLeadIds } }];
      })
      .exhaustive(),
};
