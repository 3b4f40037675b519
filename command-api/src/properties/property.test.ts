import type { PropertyDetails, PropertyEvent } from '@kainga/contracts';
import { deciderSpec } from '@kainga/platform/testing';
import { describe, expect, it } from 'vitest';
import { propertyDecider, propertyIdFor } from './property';

const at = '2026-11-22T00:00:00.000Z';
const details: PropertyDetails = { address: '12 Kōwhai Street', suburb: 'Ponsonby', city: 'Auckland', floorArea: 160, landArea: 450, bedrooms: 3, bathrooms: 2, rateableValue: 1_250_000 };
const registered: PropertyEvent = { type: 'PropertyRegistered', data: { propertyId: 'p1', ownerId: 'u1', ...details, demo: false, registeredAt: at } };
const spec = deciderSpec(propertyDecider);

describe('property decider', () => {
  it('registers a new property for its owner', () =>
    spec.given([]).when({ type: 'RegisterProperty', propertyId: 'p1', ownerId: 'u1', details, demo: false, at }).then([registered]));
  it('records nothing when the owner registers it again unchanged', () =>
    spec.given([registered]).when({ type: 'RegisterProperty', propertyId: 'p1', ownerId: 'u1', details, demo: false, at }).thenNothingHappens());
  it('brings details up to date on a new assessment', () =>
    spec
      .given([registered])
      .when({ type: 'RegisterProperty', propertyId: 'p1', ownerId: 'u1', details: { ...details, bedrooms: 4 }, demo: false, at })
      .then([{ type: 'PropertyDetailsChanged', data: { propertyId: 'p1', ...details, bedrooms: 4, changedAt: at } }]));
  it('refuses someone else', () => spec.given([registered]).when({ type: 'RegisterProperty', propertyId: 'p1', ownerId: 'u2', details, demo: false, at }).thenRefuses('forbidden'));
  it('locates a property, once per place', () => {
    const located: PropertyEvent = { type: 'PropertyLocated', data: { propertyId: 'p1', latitude: -36.85, longitude: 174.74, precision: 'suburb', accuracyKm: null, geocoder: 'embedded', locatedAt: at } };
    spec.given([registered]).when({ type: 'LocateProperty', latitude: -36.85, longitude: 174.74, precision: 'suburb', geocoder: 'embedded', at }).then([located]);
    // Placed among its street's known sales: how far the home may be from the point is recorded too.
    spec
      .given([registered])
      .when({ type: 'LocateProperty', latitude: -36.85, longitude: 174.74, precision: 'street', accuracyKm: 0.2, geocoder: 'sales', at })
      .then([{ type: 'PropertyLocated', data: { ...located.data, precision: 'street', accuracyKm: 0.2, geocoder: 'sales' } }]);
    spec.given([registered, located]).when({ type: 'LocateProperty', latitude: -36.85, longitude: 174.74, precision: 'suburb', geocoder: 'embedded', at }).thenNothingHappens();
  });
  describe('who sees it in public', () => {
    const hidden: PropertyEvent = { type: 'PropertyHiddenFromPublic', data: { propertyId: 'p1', by: 'u1', at } };
    const shown: PropertyEvent = { type: 'PropertyShownInPublic', data: { propertyId: 'p1', by: 'u1', at } };
    it('lets the owner hide a public property', () => spec.given([registered]).when({ type: 'HideFromPublic', by: 'u1', at }).then([hidden]));
    it('records nothing when a hidden property is hidden again', () => spec.given([registered, hidden]).when({ type: 'HideFromPublic', by: 'u1', at }).thenNothingHappens());
    it('lets the owner show a hidden property again', () => spec.given([registered, hidden]).when({ type: 'ShowInPublic', by: 'u1', at }).then([shown]));
    it('records nothing when a public property is shown', () => {
      spec.given([registered]).when({ type: 'ShowInPublic', by: 'u1', at }).thenNothingHappens();
      spec.given([registered, hidden, shown]).when({ type: 'ShowInPublic', by: 'u1', at }).thenNothingHappens();
    });
    it('keeps it hidden when its details change or it is located', () => {
      const changed: PropertyEvent = { type: 'PropertyDetailsChanged', data: { propertyId: 'p1', ...details, bedrooms: 4, changedAt: at } };
      spec.given([registered, hidden, changed]).when({ type: 'HideFromPublic', by: 'u1', at }).thenNothingHappens();
    });
    it('refuses anyone but the owner, saying so', () => {
      const message = /^Only the owner of this property can change whether it is shown publicly\.$/;
      spec.given([registered]).when({ type: 'HideFromPublic', by: 'u2', at }).thenRefuses('forbidden', message);
      spec.given([registered, hidden]).when({ type: 'ShowInPublic', by: 'u2', at }).thenRefuses('forbidden', message);
    });
    it('knows no property that was never registered', () => {
      spec.given([]).when({ type: 'HideFromPublic', by: 'u1', at }).thenRefuses('not_found');
      spec.given([]).when({ type: 'ShowInPublic', by: 'u1', at }).thenRefuses('not_found');
    });
  });
  it('gives one id per owner and address, whatever the spacing and case', () => {
    expect(propertyIdFor('u1', { address: '12  Kōwhai Street', city: 'auckland' })).toBe(propertyIdFor('u1', { address: '12 kōwhai street', city: 'Auckland' }));
    expect(propertyIdFor('u2', details)).not.toBe(propertyIdFor('u1', details));
  });
});
