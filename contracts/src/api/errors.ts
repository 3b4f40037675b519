import { z } from 'zod';

/** Every non-OK answer: `{ message }`, plus the field issues on a 400. */
export const ErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
