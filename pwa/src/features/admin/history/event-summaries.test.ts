import { describe, expect, it } from 'vitest';
import type { AuditActor, AuditEventView } from '@kainga/contracts';
import { actorLabel, describeEvent, formatEventTime, humanizeEventType, knownEventTypes, summarizeEvent } from './event-summaries';

const jane: AuditActor = { id: 'u-admin', name: 'Jane Admin', email: 'jane@example.nz' };
const ev = (type: string, data: unknown, actor: AuditActor | null = null): Pick<AuditEventView, 'type' | 'data' | 'actor'> => ({ type, data, actor });
const line = (type: string, data: unknown, actor: AuditActor | null = null) => summarizeEvent(ev(type, data, actor));

describe('who did it', () => {
  it('names the person with their email, or as much as is known', () => {
    expect(actorLabel(jane)).toBe('Jane Admin (jane@example.nz)');
    expect(actorLabel({ id: 'u1', name: 'Jane Admin', email: null })).toBe('Jane Admin');
    expect(actorLabel({ id: 'u1', name: null, email: 'jane@example.nz' })).toBe('jane@example.nz');
    expect(actorLabel({ id: 'u1', name: ' ', email: null })).toBe('user u1');
    expect(actorLabel(null)).toBeNull();
  });
});

describe('the line of each known event', () => {
  it('says who approved or rejected an application', () => {
    expect(line('PartnerApplicationApproved', { applicationId: 'a1', userId: 'u1', partnerId: 'p1', reviewedBy: 'u-admin', reviewedAt: '2026-01-01' }, jane)).toBe(
      'Application approved by Jane Admin (jane@example.nz)',
    );
    expect(line('PartnerApplicationRejected', { reason: '  No licence\nnumber given ' }, jane)).toBe('Application rejected: “No licence number given” by Jane Admin (jane@example.nz)');
    expect(line('PartnerApplicationSubmitted', { businessName: 'Tipene Home Loans', requestedRoleId: 'mortgage_broker', requestedLocationIds: ['wellington', 'atlantis'] })).toBe(
      'Application submitted: Tipene Home Loans as Mortgage Broker in Wellington, atlantis',
    );
  });

  it('lists the roles a user was given by their labels', () => {
    expect(line('UserRolesChanged', { userId: 'u1', roles: ['general', 'admin'], changedBy: 'u-admin' }, jane)).toBe('Roles changed to General, Admin by Jane Admin (jane@example.nz)');
  });

  it('tells how an account was made', () => {
    expect(describeEvent(ev('UserRegistered', { provider: 'google' }))).toBe('Account registered with Google');
    expect(describeEvent(ev('UserRegistered', { provider: 'invitation' }))).toBe('Account registered with an invitation to set a password');
    expect(describeEvent(ev('UserRegistered', {}))).toBe('Account registered');
  });

  it('describes the follow-on events of an approval', () => {
    expect(describeEvent(ev('PartnerEnrolled', { profile: { businessName: 'Kauri Loans' }, role: 'mortgage_broker', source: { via: 'application', applicationId: 'a1' } }))).toBe(
      'Partner enrolled: Kauri Loans as Mortgage Broker (from an application)',
    );
    expect(describeEvent(ev('PartnerLocationApproved', { locationId: 'wellington' }))).toBe('Location approved: Wellington');
  });

  it('gives money as NZD, and Stripe cents as dollars', () => {
    expect(describeEvent(ev('LeadChargeRequested', { amount: 45 }))).toBe('Lead charge requested: $45');
    expect(describeEvent(ev('AdSubscriptionRenewed', { amountPaid: 14900, currency: 'nzd' }))).toBe('Subscription renewed: $149.00 paid');
    expect(describeEvent(ev('ValuationCompleted', { estimatedValue: 850000, confidence: 72.4, engine: 'model' }))).toBe('Valuation completed: $850,000, 72% confidence (local model)');
  });

  it('keeps contact details and messages out of a lead', () => {
    const text = describeEvent(
      ev('PartnerLeadReceived', { serviceType: 'mortgage', origin: 'contact', contactEmail: 'client@example.nz', contactPhone: '021 000', requestMessage: 'Call me on 021 000' }),
    );
    expect(text).toBe('Lead received (Mortgage Broker) through the contact form');
    expect(text).not.toContain('client@example.nz');
    expect(text).not.toContain('021');
  });

  it('reads subscriptions, adverts, plans and coupons', () => {
    expect(describeEvent(ev('AdSubscriptionStarted', { tier: 'gold', locationId: 'auckland', source: { via: 'admin', by: 'u' } }))).toBe(
      'Subscription started: Gold plan in Auckland, allocated by an admin',
    );
    expect(describeEvent(ev('AdSubscriptionPaused', { reason: 'Renewal unpaid' }))).toBe('Subscription paused: “Renewal unpaid”');
    expect(describeEvent(ev('AdSubscriptionExpired', {}))).toBe('Subscription expired');
    expect(describeEvent(ev('AdSlotClaimed', { tier: 'gold', locationId: 'auckland', via: 'checkout' }))).toBe('Gold place in Auckland held for a checkout');
    expect(describeEvent(ev('AdSlotReleased', { tier: 'silver', locationId: 'hamilton', reason: 'failed' }))).toBe('Silver place in Hamilton given up: its checkout did not go through');
    expect(describeEvent(ev('AdContentSubmitted', { content: { title: 'Fixed rates from 5.9%' } }))).toBe('Advert submitted for approval: “Fixed rates from 5.9%”');
    expect(describeEvent(ev('AdPlanDeactivated', { tier: 'bronze' }))).toBe('Bronze plan deactivated');
    expect(describeEvent(ev('CouponRedeemed', { code: 'SUMMER25', redemptionCount: 3 }))).toBe('Coupon SUMMER25 redeemed (use 3)');
    expect(describeEvent(ev('CouponCreated', { terms: {} }))).toBe('Coupon created');
  });

  it('reads invalid ad traffic and the monthly impression allowance', () => {
    expect(describeEvent(ev('AdTrafficFiltered', { reason: 'not_served', impressions: 2100, clicks: 1 }))).toBe('Invalid ad traffic filtered (not served): 2,100 impressions, 1 click');
    expect(describeEvent(ev('AdImpressionsReserved', { count: 100, month: '2026-12', cap: 2000 }))).toBe('100 impressions of 2026-12 reserved under the cap of 2,000 impressions');
    expect(describeEvent(ev('AdImpressionsReturned', { count: 1, month: '2026-12' }))).toBe('1 unused impression of 2026-12 given back');
  });

  it('says a Stripe webhook was acknowledged but not read, and why', () => {
    expect(describeEvent(ev('StripeWebhookRejected', { stripeEventId: 'evt_1', stripeEventType: 'invoice.paid', reason: 'data.object.period_end: Invalid input' }))).toBe(
      'Stripe event evt_1 (invoice.paid) acknowledged but not read: “data.object.period_end: Invalid input”',
    );
    expect(describeEvent(ev('StripeWebhookRejected', {}))).toBe('Stripe event acknowledged but not read');
  });

  it('shortens long free text', () => {
    const text = describeEvent(ev('ValuationFailed', { reason: 'x'.repeat(200) }));
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text.endsWith('…”')).toBe(true);
  });

  it('never fails on an event whose data is missing or odd', () => {
    for (const type of knownEventTypes) {
      for (const data of [undefined, null, 'text', [], {}, { roles: 'admin', comparables: 3, profile: null, plan: 1 }]) {
        expect(typeof describeEvent(ev(type, data))).toBe('string');
        expect(describeEvent(ev(type, data)).length).toBeGreaterThan(0);
      }
    }
  });

  it('knows every event type of the log but the advert activity (not in the history)', () => {
    expect(knownEventTypes).toContain('PartnerApplicationApproved');
    expect(knownEventTypes).toContain('DemoSeedCompleted');
    expect(knownEventTypes).toContain('AuditHistoryViewed');
    expect(knownEventTypes).not.toContain('AdImpressionRecorded');
    expect(new Set(knownEventTypes).size).toBe(knownEventTypes.length);
  });
});

describe('the record of a personal data export', () => {
  it('tells an admin’s export, with its reason, from the person’s own download', () => {
    expect(line('PersonalDataExported', { userId: 'u-1', by: 'u-admin', reason: 'Access request by email', at: '2026-03-01T00:00:00Z' }, jane)).toBe('Personal data exported on request: “Access request by email” by Jane Admin (jane@example.nz)');
    expect(describeEvent(ev('PersonalDataExported', { userId: 'u-1', by: 'u-1', reason: null, at: '2026-03-01T00:00:00Z' }))).toBe('Personal data downloaded by its owner');
  });
});

describe('the record of viewing the history', () => {
  it('says what was looked at or exported, with the filters used', () => {
    expect(line('AuditHistoryViewed', { viewerId: 'u-admin', viewed: { kind: 'stream', stream: 'user-42' } }, jane)).toBe('Viewed the timeline of user-42 by Jane Admin (jane@example.nz)');
    expect(describeEvent(ev('AuditHistoryViewed', { viewed: { kind: 'events', order: 'newest', filters: {} } }))).toBe('Viewed the event history');
    expect(describeEvent(ev('AuditHistoryViewed', { viewed: { kind: 'events', order: 'oldest', filters: { stream: 'partnerApplication-', type: ['A', 'B'], correlationId: 'req-1' } } }))).toBe(
      'Viewed the event history filtered by stream partnerApplication-; type A, B; correlation req-1',
    );
    expect(describeEvent(ev('AuditHistoryViewed', { viewed: { kind: 'export', order: 'newest', format: 'csv', filters: { actor: 'kiri@example.nz', from: '2026-01-01' } } }))).toBe(
      'Exported the event history as CSV filtered by actor kiri@example.nz; from 2026-01-01',
    );
  });
});

describe('any other event', () => {
  it('reads as its type in words', () => {
    expect(humanizeEventType('SomethingHappened')).toBe('Something happened');
    expect(humanizeEventType('NZTARecordImported')).toBe('NZTA record imported');
    expect(humanizeEventType('')).toBe('Event');
    expect(line('AdClickRecorded', { ipHash: 'abc' })).toBe('Ad click recorded');
    expect(line('PartnerMoved', {}, jane)).toBe('Partner moved by Jane Admin (jane@example.nz)');
  });
});

describe('the time of an event', () => {
  it('is the date and the time to the second, or the text given when it is no date', () => {
    // On New Zealand's clock (NZDT, UTC+13), whatever the device's zone.
    expect(formatEventTime('2026-11-25T23:02:07.000Z')).toBe('26 Nov 2026, 12:02:07 pm');
    expect(formatEventTime('yesterday')).toBe('yesterday');
    expect(formatEventTime(null)).toBe('—');
  });
});
