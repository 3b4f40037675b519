import { describe, expect, it } from 'vitest';
import { adContentStream, adSubscriptionStream, couponStream, leadChargeStream, partnerApplicationStream, partnerStream, propertyStream, userStream } from './history-streams';
import { historyHref, streamView } from './history-view';

describe('the streams of the admin lists', () => {
  it('names each aggregate as the server does (<aggregate>-<id>)', () => {
    expect(userStream('u1')).toBe('user-u1');
    expect(partnerApplicationStream('a1')).toBe('partnerApplication-a1');
    expect(partnerStream('p1')).toBe('partner-p1');
    expect(adSubscriptionStream('s1')).toBe('adSubscription-s1');
    expect(adContentStream('c1')).toBe('adContent-c1');
    expect(propertyStream('h1')).toBe('property-h1');
    expect(couponStream(' summer25 ')).toBe('coupon-SUMMER25');
    expect(leadChargeStream('l1')).toBe('leadCharge-l1');
  });

  it("links a row to its stream's timeline", () => {
    expect(historyHref(streamView(userStream('9f0c-1')))).toBe('/admin?history=stream&history.stream=user-9f0c-1');
  });
});
