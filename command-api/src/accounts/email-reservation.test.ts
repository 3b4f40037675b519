import { createHash } from 'node:crypto';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { ABANDONED_RESERVATION_MS, emailReservationDecider, keyedEmailReservationStream, legacyEmailReservationStream } from './email-reservation';

const at = '2026-11-22T00:00:00.000Z';
const spec = deciderSpec(emailReservationDecider);
const reserved = { type: 'EmailReserved' as const, data: { email: 'a@b.nz', userId: 'u1', reservedAt: at } };

describe('email reservation decider', () => {
  it('reserves a free address', () => spec.given([]).when({ type: 'ReserveEmail', email: 'a@b.nz', userId: 'u1', at }).then([reserved]));
  it('refuses an address held by another account', () =>
    spec.given([reserved]).when({ type: 'ReserveEmail', email: 'a@b.nz', userId: 'u2', at }).thenRefuses('conflict', /already used/));
  it('is a no-op for the holder', () => spec.given([reserved]).when({ type: 'ReserveEmail', email: 'a@b.nz', userId: 'u1', at }).thenNothingHappens());
  it('frees an address released by its holder', () =>
    spec
      .given([reserved, { type: 'EmailReleased', data: { email: 'a@b.nz', userId: 'u1', releasedAt: at } }])
      .when({ type: 'ReserveEmail', email: 'a@b.nz', userId: 'u2', at })
      .then([{ type: 'EmailReserved', data: { email: 'a@b.nz', userId: 'u2', reservedAt: at } }]));
  it('ignores a release by someone else', () => spec.given([reserved]).when({ type: 'ReleaseEmail', email: 'a@b.nz', userId: 'u2', at }).thenNothingHappens());
  it('lets an abandoned reservation (holder without an account) be taken over once it is old enough', () => {
    const later = new Date(Date.parse(at) + ABANDONED_RESERVATION_MS).toISOString();
    spec
      .given([reserved])
      .when({ type: 'ReserveEmail', email: 'a@b.nz', userId: 'u2', at: later, holderHasNoAccount: true })
      .then([
        { type: 'EmailReleased', data: { email: 'a@b.nz', userId: 'u1', releasedAt: later } },
        { type: 'EmailReserved', data: { email: 'a@b.nz', userId: 'u2', reservedAt: later } },
      ]);
  });
  it('keeps a young reservation: its registration may still be under way', () => {
    const soon = new Date(Date.parse(at) + ABANDONED_RESERVATION_MS - 1000).toISOString();
    spec.given([reserved]).when({ type: 'ReserveEmail', email: 'a@b.nz', userId: 'u2', at: soon, holderHasNoAccount: true }).thenRefuses('conflict');
  });
  it('names the stream by a digest of the normalised address keyed with the vault’s secret', () => {
    const secret = Buffer.alloc(32, 1);
    expect(keyedEmailReservationStream(secret, ' A@B.nz ')).toBe(keyedEmailReservationStream(secret, 'a@b.nz'));
    expect(keyedEmailReservationStream(secret, 'a@b.nz')).toMatch(/^emailReservation-[0-9a-f]{40}$/);
    // Another secret, another name: the log alone cannot test a guessed address against it.
    expect(keyedEmailReservationStream(Buffer.alloc(32, 2), 'a@b.nz')).not.toBe(keyedEmailReservationStream(secret, 'a@b.nz'));
    // The unkeyed name of reservations made before keyed names.
    expect(legacyEmailReservationStream(' A@B.nz ')).toBe(`emailReservation-${createHash('sha256').update('a@b.nz').digest('hex').slice(0, 40)}`);
  });
});
