import type { LocationPrecision, PropertyDetails, PropertyEvent } from '@kainga/contracts';
import { forbidden, notFound, type Decider } from '@kainga/platform';
import { createHash } from 'node:crypto';
import { match } from 'ts-pattern';

/** Stream `property-<id>`. A property belongs to the user who registered it. */
export const propertyStream = (propertyId: string) => `property-${propertyId}`;

/** One property per owner and address: the same owner valuing the same address again reuses it. */
export const propertyIdFor = (ownerId: string, details: Pick<PropertyDetails, 'address' | 'city'>) => {
  const h = createHash('sha256').update([ownerId, details.address.trim().toLowerCase().replace(/\s+/g, ' '), details.city.trim().toLowerCase()].join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

export type PropertyState =
  | { status: 'none' }
  | {
      status: 'registered';
      propertyId: string;
      ownerId: string;
      details: PropertyDetails;
      /** Where it was placed and how exactly (`PropertyLocated`), which says whether distances can be measured from it. */
      location: { latitude: number; longitude: number; precision: LocationPrecision; accuracyKm: number | null; geocoder: string } | null;
      /** Left out of the public map, directory and summaries by its owner (issue 11). */
      hidden: boolean;
    };

export type PropertyCommand =
  | { type: 'RegisterProperty'; propertyId: string; ownerId: string; details: PropertyDetails; demo: boolean; at: string }
  | { type: 'LocateProperty'; latitude: number; longitude: number; precision: LocationPrecision; accuracyKm?: number | null; geocoder: string; at: string }
  | { type: 'HideFromPublic'; by: string; at: string }
  | { type: 'ShowInPublic'; by: string; at: string };

/** Why someone other than the owner may not change who sees a property. */
export const VISIBILITY_OWNER_ONLY = 'Only the owner of this property can change whether it is shown publicly.';

const sameDetails = (a: PropertyDetails, b: PropertyDetails) => (Object.keys(a) as (keyof PropertyDetails)[]).every((k) => a[k] === b[k]);

export const propertyDecider: Decider<PropertyState, PropertyCommand, PropertyEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'PropertyRegistered' }, ({ data }): PropertyState => {
        const { propertyId, ownerId, demo: _demo, registeredAt: _at, ...details } = data;
        return { status: 'registered', propertyId, ownerId, details, location: null, hidden: false };
      })
      .with({ type: 'PropertyDetailsChanged' }, ({ data }): PropertyState => {
        const { propertyId: _id, changedAt: _at, ...details } = data;
        return state.status === 'registered' ? { ...state, details } : state;
      })
      .with({ type: 'PropertyLocated' }, ({ data }): PropertyState =>
        state.status === 'registered'
          ? { ...state, location: { latitude: data.latitude, longitude: data.longitude, precision: data.precision, accuracyKm: data.accuracyKm ?? null, geocoder: data.geocoder } }
          : state,
      )
      .with({ type: 'PropertyHiddenFromPublic' }, (): PropertyState => (state.status === 'registered' ? { ...state, hidden: true } : state))
      .with({ type: 'PropertyShownInPublic' }, (): PropertyState => (state.status === 'registered' ? { ...state, hidden: false } : state))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'RegisterProperty' }, (c): PropertyEvent[] => {
        if (state.status === 'none') {
          return [{ type: 'PropertyRegistered', data: { propertyId: c.propertyId, ownerId: c.ownerId, ...c.details, demo: c.demo, registeredAt: c.at } }];
        }
        if (state.ownerId !== c.ownerId) throw forbidden('This property belongs to someone else.');
        // A new assessment of a known property brings its details up to date.
        return sameDetails(state.details, c.details) ? [] : [{ type: 'PropertyDetailsChanged', data: { propertyId: state.propertyId, ...c.details, changedAt: c.at } }];
      })
      .with({ type: 'LocateProperty' }, (c): PropertyEvent[] => {
        if (state.status !== 'registered') throw notFound('Property not found.');
        if (state.location?.latitude === c.latitude && state.location.longitude === c.longitude) return [];
        return [{ type: 'PropertyLocated', data: { propertyId: state.propertyId, latitude: c.latitude, longitude: c.longitude, precision: c.precision, accuracyKm: c.accuracyKm ?? null, geocoder: c.geocoder, locatedAt: c.at } }];
      })
      // Only the owner decides who sees the property; asking for what already holds records nothing.
      .with({ type: 'HideFromPublic' }, (c): PropertyEvent[] => {
        if (state.status !== 'registered') throw notFound('Property not found.');
        if (state.ownerId !== c.by) throw forbidden(VISIBILITY_OWNER_ONLY);
        return state.hidden ? [] : [{ type: 'PropertyHiddenFromPublic', data: { propertyId: state.propertyId, by: c.by, at: c.at } }];
      })
      .with({ type: 'ShowInPublic' }, (c): PropertyEvent[] => {
        if (state.status !== 'registered') throw notFound('Property not found.');
        if (state.ownerId !== c.by) throw forbidden(VISIBILITY_OWNER_ONLY);
        return state.hidden ? [{ type: 'PropertyShownInPublic', data: { propertyId: state.propertyId, by: c.by, at: c.at } }] : [];
      })
      .exhaustive(),
};
