import { z } from 'zod';
import { propertyTypes } from './property-types';

/** The property type (`property-types.ts`); absent in what was recorded before types existed, which is a house. */
export const PropertyTypeSchema = z.enum(propertyTypes, { error: `Property type must be one of: ${propertyTypes.join(', ')}` });

const count = z.number().nullable();

/** What every view of a property shows: its address and size. Views pick from and extend it. */
export const PropertyFacts = z.object({
  address: z.string(),
  suburb: z.string(),
  city: z.string(),
  bedrooms: count,
  bathrooms: count,
  floorArea: count,
  landArea: count,
  propertyType: PropertyTypeSchema.optional(),
});
export type PropertyFacts = z.infer<typeof PropertyFacts>;

/** The facts a public summary may show: no address, nothing that identifies the home. */
export const PublicFacts = PropertyFacts.pick({ suburb: true, city: true, bedrooms: true, bathrooms: true, floorArea: true, propertyType: true });
