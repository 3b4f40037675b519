// Importing this registers every instrument, so the registry always names them all (the dashboard and alert test reads it).
export * from './registry';
export * from './http-metrics';
export * from './event-store-metrics';
export * from './subscriber-lag-metrics';
export * from './runner-metrics';
export * from './workflow-metrics';
export * from './email-metrics';
export * from './marketplace-metrics';
export * from './metrics-access';
export * from './metrics-listener';
