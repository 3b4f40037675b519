export * from './workflow-engine';
export * from './in-process-engine';
export * from './retry';
export * from './workflow-clock';
export type { TemporalWorkflowEngine } from './temporal-engine';
import type { TemporalWorkflowEngine } from './temporal-engine';

/**
 * The Temporal adapter, loaded only when asked for: its client costs ~200 ms at start-up, which
 * the embedded default (and every process that only needs the error types) should not pay.
 */
export async function connectTemporalEngine(address: string, taskQueue: string, namespace = 'default'): Promise<TemporalWorkflowEngine> {
  const { TemporalWorkflowEngine } = await import('./temporal-engine');
  return TemporalWorkflowEngine.connect(address, taskQueue, namespace);
}
