export * from './workflow-engine';
export * from './in-process-engine';
export * from './temporal-engine';
export * from './retry';
