import { createHash } from 'node:crypto';
import type { LeadWindowEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { claimedLead, keyedLeadWindowNames, LEAD_WINDOW_MS, leadWindowDecider, legacyLeadWindowNames, type LeadWindowState } from './lead-window';

const { stream: leadWindowStream, message: messageDigestOf } = keyedLeadWindowNames(Buffer.alloc(32, 7));

const at = '2026-11-23T00:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
const hello = messageDigestOf('Kia ora, can you help with a loan?');
const other = messageDigestOf('Also: do you do refinancing?');
const claim = (leadId: string, messageDigest = hello, when = at) => ({ type: 'ClaimLead', partnerId: 'p1', leadId, messageDigest, at: when }) as const;
const opened: LeadWindowEvent = { type: 'LeadWindowOpened', data: { partnerId: 'p1', leadId: 'l1', messageDigest: hello, openedAt: at } };
const repeated: LeadWindowEvent = { type: 'LeadRepeatRecorded', data: { partnerId: 'p1', leadId: 'l2', firstLeadId: 'l1', messageDigest: other, recordedAt: later(1000) } };
const spec = deciderSpec(leadWindowDecider);
const stateOf = (events: LeadWindowEvent[]): LeadWindowState => events.reduce(leadWindowDecider.evolve, leadWindowDecider.initialState());

describe('lead window decider (one sender, one partner)', () => {
  it('opens the window with the first request: a lead of its own', () => {
    spec.given([]).when(claim('l1')).then([opened]);
  });

  it('records a different message within the window as a repeat of the first lead', () => {
    spec.given([opened]).when(claim('l2', other, later(1000))).then([repeated]);
    spec
      .given([opened, repeated])
      .when(claim('l3', messageDigestOf('A third question'), later(LEAD_WINDOW_MS - 1)))
      .then([{ type: 'LeadRepeatRecorded', data: { partnerId: 'p1', leadId: 'l3', firstLeadId: 'l1', messageDigest: messageDigestOf('A third question'), recordedAt: later(LEAD_WINDOW_MS - 1) } }]);
  });

  it('adds nothing for the same message again, whichever lead holds it', () => {
    spec.given([opened]).when(claim('l9', hello, later(5000))).thenNothingHappens();
    spec.given([opened, repeated]).when(claim('l9', other, later(5000))).thenNothingHappens();
  });

  it('opens a new window once the first has ended, even for the same message', () => {
    spec
      .given([opened, repeated])
      .when(claim('l4', hello, later(LEAD_WINDOW_MS)))
      .then([{ type: 'LeadWindowOpened', data: { partnerId: 'p1', leadId: 'l4', messageDigest: hello, openedAt: later(LEAD_WINDOW_MS) } }]);
  });
});

describe('claimedLead', () => {
  it('answers the lead a claim appended: a lead of its own, or a repeat of the first', () => {
    expect(claimedLead([opened], stateOf([opened]), hello)).toEqual({ leadId: 'l1' });
    expect(claimedLead([repeated], stateOf([opened, repeated]), other)).toEqual({ leadId: 'l2', repeatOf: 'l1' });
  });

  it('answers the lead holding the message when the claim appended nothing', () => {
    expect(claimedLead([], stateOf([opened, repeated]), hello)).toEqual({ leadId: 'l1' });
    expect(claimedLead([], stateOf([opened, repeated]), other)).toEqual({ leadId: 'l2', repeatOf: 'l1' });
  });
});

describe('the window’s sender and message', () => {
  const lead = { userId: null, contactEmail: 'Tama@Example.nz ', partnerId: 'p1' };

  it('is one stream per sender and partner: the account when signed in, else the email as accounts compare it', () => {
    expect(leadWindowStream(lead)).toBe(leadWindowStream({ ...lead, contactEmail: 'tama@example.nz' }));
    expect(leadWindowStream(lead)).not.toBe(leadWindowStream({ ...lead, partnerId: 'p2' }));
    expect(leadWindowStream({ ...lead, userId: 'u1' })).toBe(leadWindowStream({ userId: 'u1', contactEmail: 'other@example.nz', partnerId: 'p1' }));
    expect(leadWindowStream({ ...lead, userId: 'u1' })).not.toBe(leadWindowStream(lead));
    expect(leadWindowStream(lead)).toMatch(/^leadWindow-[0-9a-f]{40}$/);
  });

  it('compares messages whatever their case and spacing', () => {
    expect(messageDigestOf('  Kia ora,\n can you HELP with a loan? ')).toBe(hello);
    expect(messageDigestOf('Kia ora, can you help with a loan')).not.toBe(hello);
  });

  it('is named by digests keyed with the vault’s secret, which the log alone cannot make from a guess', () => {
    const other = keyedLeadWindowNames(Buffer.alloc(32, 8));
    expect(other.stream(lead)).not.toBe(leadWindowStream(lead));
    expect(other.message('Kia ora, can you help with a loan?')).not.toBe(hello);
    // The unkeyed names of windows opened before keyed names: still made the same way, and never equal to the keyed ones.
    expect(legacyLeadWindowNames.stream(lead)).toBe('leadWindow-' + createHash('sha256').update('email:tama@example.nz\u0000p1').digest('hex').slice(0, 40));
    expect(legacyLeadWindowNames.stream(lead)).not.toBe(leadWindowStream(lead));
    expect(legacyLeadWindowNames.message('Kia ora, can you help with a loan?')).not.toBe(hello);
  });
});
