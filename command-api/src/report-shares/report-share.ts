import type { ReportShareEvent } from '@kainga/contracts';
import { conflict, notFound, type Decider } from '@kainga/platform';
import { match } from 'ts-pattern';

export type ReportShareState =
  | { status: 'none' }
  | { status: 'active' | 'revoked'; shareId: string; valuationId: string; propertyId: string; userId: string; secret: string; showAddress: boolean; createdAt: string; expiresAt: string; revokedAt: string | null };

export type ReportShareCommand =
  | { type: 'CreateShare'; shareId: string; valuationId: string; propertyId: string; userId: string; secret: string; showAddress: boolean; at: string; expiresAt: string }
  | { type: 'RevokeShare'; at: string };

/** The link's stream holds its making and its revocation; revoking twice is answered as the first time (nothing new). */
export const reportShareDecider: Decider<ReportShareState, ReportShareCommand, ReportShareEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'ReportShareCreated' }, ({ data }): ReportShareState => ({
        status: 'active',
        shareId: data.shareId,
        valuationId: data.valuationId,
        propertyId: data.propertyId,
        userId: data.userId,
        secret: data.secret,
        showAddress: data.showAddress,
        createdAt: data.createdAt,
        expiresAt: data.expiresAt,
        revokedAt: null,
      }))
      .with({ type: 'ReportShareRevoked' }, ({ data }): ReportShareState => (state.status === 'none' ? state : { ...state, status: 'revoked', revokedAt: data.revokedAt }))
      // Opens are on a stream of their own; never here.
      .with({ type: 'ReportShareOpened' }, (): ReportShareState => state)
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'CreateShare' }, (c): ReportShareEvent[] => {
        if (state.status !== 'none') throw conflict('This link already exists.');
        return [
          {
            type: 'ReportShareCreated',
            data: { shareId: c.shareId, valuationId: c.valuationId, propertyId: c.propertyId, userId: c.userId, secret: c.secret, showAddress: c.showAddress, createdAt: c.at, expiresAt: c.expiresAt },
          },
        ];
      })
      .with({ type: 'RevokeShare' }, (c): ReportShareEvent[] => {
        if (state.status === 'none') throw notFound('This shared link was not found.');
        if (state.status === 'revoked') return [];
        return [{ type: 'ReportShareRevoked', data: { shareId: state.shareId, valuationId: state.valuationId, userId: state.userId, revokedAt: c.at } }];
      })
      .exhaustive(),
};
