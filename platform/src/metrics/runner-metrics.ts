import { Counter } from 'prom-client';
import { metricsRegistry } from './registry';

export const reactorEvents = new Counter({
  name: 'kainga_reactor_events_total',
  help: 'Attempts of reactors at events, by reactor and outcome: handled, or failed (each failure is retried).',
  labelNames: ['reactor', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const projectionFailures = new Counter({
  name: 'kainga_projection_failures_total',
  help: 'Times a projection failed and was restarted from its checkpoint, by projection.',
  labelNames: ['projection'] as const,
  registers: [metricsRegistry],
});

export const projectedEvents = new Counter({
  name: 'kainga_projection_events_total',
  help: 'Events applied to read models, by projection.',
  labelNames: ['projection'] as const,
  registers: [metricsRegistry],
});
