import { z } from 'zod';
import { PropertyFacts } from '../property-facts';

export const AdminProperty = PropertyFacts.omit({ landArea: true }).extend({
  id: z.string(),
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
