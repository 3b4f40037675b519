import { z } from 'zod';

/**
 * The demo data's own progress, in the stream `demoSeed-1`: started (with the "today" every
 * generated date hangs on, so a resumed run generates the very same data) and completed.
 */
export const DemoSeedStarted = z.object({
  type: z.literal('DemoSeedStarted'),
  data: z.object({ now: z.string(), startedAt: z.string() }),
});
export const DemoSeedCompleted = z.object({
  type: z.literal('DemoSeedCompleted'),
  data: z.object({ accounts: z.number().int(), sales: z.number().int(), properties: z.number().int(), valuations: z.number().int(), completedAt: z.string() }),
});
export const DemoSeedEvent = z.discriminatedUnion('type', [DemoSeedStarted, DemoSeedCompleted]);
export type DemoSeedEvent = z.infer<typeof DemoSeedEvent>;
