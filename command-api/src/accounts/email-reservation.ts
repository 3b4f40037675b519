import type { EmailReservationEvent } from '@kainga/contracts';
import { conflict, type Decider } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';

/**
 * One account per email address: the reservation stream of an address is appended with an
 * expected revision, so two registrations racing for it cannot both win. The stream name
 * holds a hash, not the address itself.
 */
export const emailReservationStream = (email: string) =>
  `emailReservation-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40)}`;

export type EmailReservationState = { holder: string | null };
export type EmailReservationCommand =
  | { type: 'ReserveEmail'; email: string; userId: string; at: string }
  | { type: 'ReleaseEmail'; email: string; userId: string; at: string };

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) =>
    match(event)
      .with({ type: 'EmailReserved' }, ({ data }) => ({ holder: data.userId }))
      .with({ type: 'EmailReleased' }, () => ({ holder: null }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'ReserveEmail' }, (c): EmailReservationEvent[] => {
        if (state.holder === c.userId) return [];
        if (state.holder !== null) throw conflict('That email address is already used by another account.');
        return [{ type: 'EmailReserved', data: { email: c.email, userId: c.userId, reservedAt: c.at } }];
      })
      .with({ type: 'ReleaseEmail' }, (c): EmailReservationEvent[] =>
        state.holder === c.userId ? [{ type: 'EmailReleased', data: { email: c.email, userId: c.userId, releasedAt: c.at } }] : [],
      )
      .exhaustive(),
};
