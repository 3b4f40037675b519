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
/** Where the geocoder placed it; `precision` says how exact (the embedded geocoder is approximate). */
export const PropertyLocated = z.object({
  type: z.literal('PropertyLocated'),
  data: z.object({ propertyId: z.string(), latitude: z.number(), longitude: z.number(), precision: z.enum(['address', 'suburb', 'city']), geocoder: z.string(), locatedAt: z.string() }),
});
export const PropertyEvent = z.discriminatedUnion('type', [PropertyRegistered, PropertyDetailsChanged, PropertyLocated]);
export type PropertyEvent = z.infer<typeof PropertyEvent>;
export const propertyEventTypes = ['PropertyRegistered', 'PropertyDetailsChanged', 'PropertyLocated'] as const;
