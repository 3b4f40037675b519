import {
  COUPON_AMOUNT_MESSAGE,
  COUPON_CODE_MESSAGE,
  COUPON_DISCOUNT_TYPE_MISSING,
  COUPON_DISCOUNT_VALUE_MISSING,
  COUPON_MAX_REDEMPTIONS_MESSAGE,
  COUPON_NOTHING_OFFERED,
  COUPON_PERCENTAGE_MESSAGE,
  COUPON_TRIAL_DAYS_MESSAGE,
  COUPON_VALID_FROM_MESSAGE,
  COUPON_VALID_UNTIL_MESSAGE,
} from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPlanIdFor } from '../../advertising/plans/ad-plan';
import { seedTestAdPlans } from '../../advertising/plans/test-plans';
import { revokeRole as setRoles } from '../../leads/test-fixtures';
import { client, makePartner } from '../../testing/test-app';
import { startBillingApp, type BillingApp } from '../test-billing';
import { couponIdFor } from './coupon';

const COUPONS = '/api/admin/coupons';
const day = 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('admin coupons API', () => {
  let b: BillingApp;
  let admin: ReturnType<typeof client>;
  let general: ReturnType<typeof client>;
  let broker: ReturnType<typeof client>;
  const launch = () => ({ code: 'launch20', description: 'Launch offer', discountType: 'percentage', discountValue: 20, maxRedemptions: 5, validFrom: iso(Date.now() - day), validUntil: iso(Date.now() + 30 * day) });
  const couponEvents = async () => (await b.t.stores.eventStore.readAll({ after: null, filter: { streamPrefixes: ['coupon-'] }, limit: 1000 })).map((e) => e.type);

  beforeAll(async () => {
    b = await startBillingApp();
    admin = client(b.t.app, { remoteAddress: '10.41.0.1' });
    await setRoles(b.t.stores, (await admin.register('admin@coupons.example.nz', undefined, 'Mere', 'Admin')).id, ['general', 'admin']);
    general = client(b.t.app, { remoteAddress: '10.41.0.2' });
    await general.register('someone@coupons.example.nz');
    broker = client(b.t.app, { remoteAddress: '10.41.0.3' });
    await makePartner(b.t.stores, (await broker.register('broker@coupons.example.nz', undefined, 'Tama', 'Broker')).id, 'mortgage_broker', ['auckland']);
    await seedTestAdPlans(b.t.stores);
  });
  afterAll(() => b?.close());

  it('creates a coupon (code upper-cased) and lists it with its redemptions so far', async () => {
    const res = await admin.post(COUPONS, launch());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: couponIdFor('LAUNCH20'),
      code: 'LAUNCH20',
      description: 'Launch offer',
      discountType: 'percentage',
      discountValue: 20,
      freeTrialDays: 0,
      maxRedemptions: 5,
      currentRedemptions: 0,
      isActive: true,
    });
    const trial = await admin.post(COUPONS, { code: 'TRIAL-14', freeTrialDays: 14, validFrom: iso(Date.now() - day) });
    expect(trial.statusCode, trial.body).toBe(201);
    expect(trial.json()).toMatchObject({ discountType: null, discountValue: null, freeTrialDays: 14, maxRedemptions: null, validUntil: null, description: '' });
    const list = await admin.get(COUPONS);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { code: string }) => c.code)).toEqual(['TRIAL-14', 'LAUNCH20']);
  });

  it('refuses a second coupon with the same code in any case (409), recording nothing', async () => {
    const before = (await couponEvents()).length;
    const res = await admin.post(COUPONS, { ...launch(), code: 'Launch20', discountValue: 50 });
    expect([res.statusCode, res.json().message]).toEqual([409, 'A coupon with the code LAUNCH20 already exists.']);
    expect(await couponEvents()).toHaveLength(before);
  });

  it('answers bad input with a message a person understands (400), recording nothing', async () => {
    const before = (await couponEvents()).length;
    const base = { code: 'GOOD10', discountType: 'percentage', discountValue: 10, validFrom: iso(Date.now()) };
    const cases: [object, string][] = [
      [{ ...base, code: 'AB' }, COUPON_CODE_MESSAGE],
      [{ ...base, code: 'x'.repeat(33) }, COUPON_CODE_MESSAGE],
      [{ ...base, code: 'TEN OFF' }, COUPON_CODE_MESSAGE],
      [{ ...base, discountValue: 0 }, COUPON_PERCENTAGE_MESSAGE],
      [{ ...base, discountValue: 101 }, COUPON_PERCENTAGE_MESSAGE],
      [{ ...base, discountType: 'amount', discountValue: 0 }, COUPON_AMOUNT_MESSAGE],
      [{ ...base, discountType: 'amount', discountValue: 10.005 }, COUPON_AMOUNT_MESSAGE],
      [{ ...base, discountValue: null }, COUPON_DISCOUNT_VALUE_MISSING],
      [{ ...base, discountType: null }, COUPON_DISCOUNT_TYPE_MISSING],
      [{ ...base, discountType: 'half' }, COUPON_DISCOUNT_TYPE_MISSING],
      [{ code: 'NOTHING', validFrom: iso(Date.now()) }, COUPON_NOTHING_OFFERED],
      [{ ...base, freeTrialDays: 366 }, COUPON_TRIAL_DAYS_MESSAGE],
      [{ ...base, freeTrialDays: 1.5 }, COUPON_TRIAL_DAYS_MESSAGE],
      [{ ...base, maxRedemptions: 0 }, COUPON_MAX_REDEMPTIONS_MESSAGE],
      [{ ...base, validFrom: undefined }, COUPON_VALID_FROM_MESSAGE],
      [{ ...base, validFrom: 'next tuesday' }, COUPON_VALID_FROM_MESSAGE],
      [{ ...base, validUntil: base.validFrom }, COUPON_VALID_UNTIL_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(COUPONS, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([400, `Invalid body: ${message}`]);
    }
    expect(await couponEvents()).toHaveLength(before);
  });

  it('switches a coupon off and on; the same switch again records nothing; an unknown one is 404', async () => {
    const id = couponIdFor('LAUNCH20');
    const off = await admin.patch(`${COUPONS}/${id}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ code: 'LAUNCH20', isActive: false });
    const before = (await couponEvents()).length;
    expect((await admin.patch(`${COUPONS}/${id}`, { isActive: false })).statusCode).toBe(200);
    expect(await couponEvents()).toHaveLength(before);
    expect((await admin.patch(`${COUPONS}/${id}`, { isActive: true })).json()).toMatchObject({ isActive: true });
    const unknown = await admin.patch(`${COUPONS}/no-such-coupon`, { isActive: false });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Coupon not found.']);
    expect((await admin.patch(`${COUPONS}/${id}`, { isActive: 'no' })).statusCode).toBe(400);
  });

  it('lists a coupon’s redemptions with who redeemed it, and counts them on the coupon', async () => {
    const id = couponIdFor('LAUNCH20');
    expect((await admin.get(`${COUPONS}/${id}/redemptions`)).json()).toEqual([]);
    const checkout = await broker.post('/api/stripe/create-checkout-session', { adPlanId: adPlanIdFor('gold'), locationId: 'auckland', couponCode: 'launch20' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await b.settled();
    await waitForProjection(b.t.stores.readStore, 'coupons', await b.t.stores.eventStore.headPosition());
    const redemptions = await admin.get(`${COUPONS}/${id}/redemptions`);
    expect(redemptions.statusCode).toBe(200);
    expect(redemptions.json()).toEqual([
      {
        id: expect.any(String),
        couponId: id,
        userId: expect.any(String),
        subscriptionId: checkout.json().subscriptionId,
        redeemedAt: expect.any(String),
        user: { email: 'broker@coupons.example.nz', firstName: 'Tama', lastName: 'Broker' },
      },
    ]);
    expect((await admin.get(COUPONS)).json().find((c: { id: string }) => c.id === id)).toMatchObject({ currentRedemptions: 1, maxRedemptions: 5 });
    expect((await admin.get(`${COUPONS}/no-such-coupon/redemptions`)).statusCode).toBe(404);
  });

  it('is for admins only on every route: 401 signed out, 403 for anyone else', async () => {
    const id = couponIdFor('LAUNCH20');
    const routes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
      ['POST', COUPONS, { ...launch(), code: 'SNEAKY' }],
      ['GET', COUPONS],
      ['PATCH', `${COUPONS}/${id}`, { isActive: false }],
      ['GET', `${COUPONS}/${id}/redemptions`],
    ];
    for (const [method, url, body] of routes) {
      const signedOut = await b.t.app.inject({ method, url, payload: body });
      expect([signedOut.statusCode, signedOut.json().message], `${method} ${url}`).toEqual([401, 'Please sign in to continue.']);
      for (const who of [general, broker]) {
        const res = await (method === 'GET' ? who.get(url) : method === 'POST' ? who.post(url, body) : who.patch(url, body));
        expect([res.statusCode, res.json().message], `${method} ${url}`).toEqual([403, 'You do not have permission to do that.']);
      }
    }
    expect((await admin.get(COUPONS)).json().map((c: { code: string; isActive: boolean }) => [c.code, c.isActive])).toEqual([
      ['TRIAL-14', true],
      ['LAUNCH20', true],
    ]);
  });
});
