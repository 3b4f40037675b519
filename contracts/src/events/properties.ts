import { z } from 'zod';
import { PropertyFacts } from '../property-facts';

/** A property as its owner describes it in the wizard's step 1. */
export const PropertyDetails = PropertyFacts.extend({ rateableValue: z.number().nullable() });
export type PropertyDetails = z.infer<typeof PropertyDetails>;

/** Stream `property-<id>`; a property belongs to the user who registered it. */
export const PropertyRegistered = z.object({
  type: z.literal('PropertyRegistered'),
  data: PropertyDetails.extend({ propertyId: z.string(), ownerId: z.string(), demo: z.boolean(), registeredAt: z.string() }),
});
export const PropertyDetailsChanged = z.object({
  type: z.literal('PropertyDetailsChanged'),
  data: PropertyDetails.extend({ propertyId: z.string(), changedAt: z.string() }),
});
/** How exact a located point is: a geocoded address, the middle of the known sales of its street or suburb, or a town's point. */
export const LocationPrecision = z.enum(['address', 'street', 'suburb', 'city']);
export type LocationPrecision = z.infer<typeof LocationPrecision>;
/**
 * How exact a recorded point really is: the embedded geocoder knows only towns, though before it
 * said 'suburb' for a point it made up from the suburb's name. Distances are measured, and the
 * owner's map panel reads, by this.
 */
export const placedPrecision = (location: { precision: LocationPrecision; geocoder: string }): LocationPrecision =>
  location.geocoder === 'embedded' ? 'city' : location.precision;
/**
 * Where it was placed; `precision` says how exact, and `accuracyKm` (when known) how far the
 * home may be from the point: the typical distance of the sales it was placed among.
 */
export const PropertyLocated = z.object({
  type: z.literal('PropertyLocated'),
  data: z.object({
    propertyId: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    precision: LocationPrecision,
    accuracyKm: z.number().nullable().optional(),
    geocoder: z.string(),
    locatedAt: z.string(),
  }),
});
/**
 * The owner took the property off the public map, directory and summaries (issue 11); its owner's
 * own views still show it. `by`: the user id of the owner who did.
 */
export const PropertyHiddenFromPublic = z.object({
  type: z.literal('PropertyHiddenFromPublic'),
  data: z.object({ propertyId: z.string(), by: z.string(), at: z.string() }),
});
/** The owner put a hidden property back on the public map, directory and summaries. */
export const PropertyShownInPublic = z.object({
  type: z.literal('PropertyShownInPublic'),
  data: z.object({ propertyId: z.string(), by: z.string(), at: z.string() }),
});
export const PropertyEvent = z.discriminatedUnion('type', [PropertyRegistered, PropertyDetailsChanged, PropertyLocated, PropertyHiddenFromPublic, PropertyShownInPublic]);
export type PropertyEvent = z.infer<typeof PropertyEvent>;
export const propertyEventTypes = ['PropertyRegistered', 'PropertyDetailsChanged', 'PropertyLocated', 'PropertyHiddenFromPublic', 'PropertyShownInPublic'] as const;
