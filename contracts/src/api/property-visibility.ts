import { z } from 'zod';

/**
 * PUT /api/properties/{id}/visibility (issue 11): the owner shows the property on the public map,
 * directory and summaries (`public: true`, as every property starts) or hides it from them.
 */
export const PropertyVisibilityRequest = z.strictObject({
  public: z.boolean({ error: 'public must be true or false' }),
});
export type PropertyVisibilityRequest = z.infer<typeof PropertyVisibilityRequest>;

/** GET and PUT /api/properties/{id}/visibility: whether the public sees the property now. */
export const PropertyVisibility = z.object({ propertyId: z.string(), public: z.boolean() });
export type PropertyVisibility = z.infer<typeof PropertyVisibility>;
