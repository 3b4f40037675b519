import type { DemoSeedEvent } from '@kainga/contracts';
import type { Decider } from '@kainga/platform';

/** The one demo seed of a store. */
export const DEMO_SEED_STREAM = 'demoSeed-1';

export type DemoSeedState = { status: 'none' } | { status: 'started'; now: string } | { status: 'completed'; now: string };

export type DemoSeedCommand = { type: 'StartDemoSeed'; now: string; at: string } | { type: 'CompleteDemoSeed'; counts: { accounts: number; sales: number; properties: number; valuations: number }; at: string };

/**
 * Whether the demo seed has started and finished. Starting again after an interruption records
 * nothing new (the run resumes with the first run's "today"); completing twice records it once.
 */
export const demoSeedDecider: Decider<DemoSeedState, DemoSeedCommand, DemoSeedEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'DemoSeedStarted':
        return { status: 'started', now: event.data.now };
      case 'DemoSeedCompleted':
        return state.status === 'none' ? state : { status: 'completed', now: state.now };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'StartDemoSeed':
        return state.status === 'none' ? [{ type: 'DemoSeedStarted', data: { now: command.now, startedAt: command.at } }] : [];
      case 'CompleteDemoSeed':
        return state.status === 'started' ? [{ type: 'DemoSeedCompleted', data: { ...command.counts, completedAt: command.at } }] : [];
    }
  },
};
