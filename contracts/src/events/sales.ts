import { z } from 'zod';
import { PropertyTypeSchema } from '../property-facts';

/** A sold property: the ground the estimates stand on. Stream `sale-<id>`. */
export const SaleRecorded = z.object({
  type: z.literal('SaleRecorded'),
  data: z.object({
    saleId: z.string(),
    address: z.string(),
    suburb: z.string(),
    city: z.string(),
    /** ISO date (yyyy-mm-dd). */
    saleDate: z.string(),
    price: z.number(),
    bedrooms: z.number().nullable(),
    bathrooms: z.number().nullable(),
    floorArea: z.number().nullable(),
    landArea: z.number().nullable(),
    /** Absent in sales recorded before types existed: a house (`propertyTypeOf`). */
    propertyType: PropertyTypeSchema.optional(),
    rateableValue: z.number().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** Generated demo data, never to be mistaken for a real sale. */
    demo: z.boolean(),
    source: z.string(),
  }),
});
export const SaleEvent = z.discriminatedUnion('type', [SaleRecorded]);
export type SaleEvent = z.infer<typeof SaleEvent>;
export type SaleData = SaleEvent['data'];
export const saleEventTypes = ['SaleRecorded'] as const;
