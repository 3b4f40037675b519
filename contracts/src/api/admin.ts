import { z } from 'zod';

export const AdminProperty = z.object({
  id: z.string(),
  address: z.string(),
  suburb: z.string(),
  city: z.string(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  floorArea: z.number().nullable(),
  rateableValue: z.number().nullable(),
  createdAt: z.string(),
});
export type AdminProperty = z.infer<typeof AdminProperty>;

export const AdminStats = z.object({
  totalUsers: z.number(),
  totalProperties: z.number(),
  totalValuations: z.number(),
  /** Counts over the last 7 days, by type (user, property, valuation). */
  recentActivity: z.array(z.object({ type: z.enum(['user', 'property', 'valuation']), count: z.number() })),
});
export type AdminStats = z.infer<typeof AdminStats>;
