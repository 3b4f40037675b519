import type { EmailReservationEvent } from '@kainga/contracts';
import { conflict, keyedDigestOf, streamInUse, type Decider, type Stores } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';

const normalised = (email: string) => email.trim().toLowerCase();

/** The name a reservation got before names were keyed: an unkeyed SHA-256 of the address, which a guess can be tested against. */
export const legacyEmailReservationStream = (email: string) => `emailReservation-${createHash('sha256').update(normalised(email)).digest('hex').slice(0, 40)}`;

/** The keyed name (the vault's secret): the log alone cannot tell which address it is for. */
export const keyedEmailReservationStream = (secret: Buffer, email: string) => `emailReservation-${keyedDigestOf(secret, 'emailReservation', normalised(email))}`;

/**
 * One account per email address: the reservation stream of an address is appended with an
 * expected revision, so two registrations racing for it cannot both win. Its name is a keyed
 * digest of the address; an address reserved before names were keyed keeps its legacy stream.
 */
export async function emailReservationStream(stores: Pick<Stores, 'eventStore' | 'personalKeys'>, email: string): Promise<string> {
  return streamInUse(stores.eventStore, keyedEmailReservationStream(await stores.personalKeys.visitorSecret(), email), legacyEmailReservationStream(email));
}

/**
 * A reservation whose holder never got an account (the registration crashed between the two
 * appends) is taken over after this long; younger ones may still be a registration in flight.
 */
export const ABANDONED_RESERVATION_MS = 10 * 60_000;

export type EmailReservationState = { holder: string | null; reservedAt: string | null };
export type EmailReservationCommand =
  /** `holderHasNoAccount`: the caller checked that the current holder's user stream is empty. */
  | { type: 'ReserveEmail'; email: string; userId: string; at: string; holderHasNoAccount?: boolean }
  | { type: 'ReleaseEmail'; email: string; userId: string; at: string };

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  initialState: () => ({ holder: null, reservedAt: null }),
  evolve: (_state, event) =>
    match(event)
      .with({ type: 'EmailReserved' }, ({ data }) => ({ holder: data.userId, reservedAt: data.reservedAt }))
      .with({ type: 'EmailReleased' }, () => ({ holder: null, reservedAt: null }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'ReserveEmail' }, (c): EmailReservationEvent[] => {
        if (state.holder === c.userId) return [];
        const reserved: EmailReservationEvent = { type: 'EmailReserved', data: { email: c.email, userId: c.userId, reservedAt: c.at } };
        if (state.holder === null) return [reserved];
        const abandoned = c.holderHasNoAccount && Date.parse(c.at) - Date.parse(state.reservedAt ?? c.at) >= ABANDONED_RESERVATION_MS;
        if (!abandoned) throw conflict('That email address is already used by another account.');
        return [{ type: 'EmailReleased', data: { email: c.email, userId: state.holder, releasedAt: c.at } }, reserved];
      })
      .with({ type: 'ReleaseEmail' }, (c): EmailReservationEvent[] =>
        state.holder === c.userId ? [{ type: 'EmailReleased', data: { email: c.email, userId: c.userId, releasedAt: c.at } }] : [],
      )
      .exhaustive(),
};
