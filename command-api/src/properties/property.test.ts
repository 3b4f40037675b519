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
  it('gives one id per owner and address, whatever the spacing and case', () => {
    expect(propertyIdFor('u1', { address: '12  Kōwhai Street', city: 'auckland' })).toBe(propertyIdFor('u1', { address: '12 kōwhai street', city: 'Auckland' }));
    expect(propertyIdFor('u2', details)).not.toBe(propertyIdFor('u1', details));
  });
});
