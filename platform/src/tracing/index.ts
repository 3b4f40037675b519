export * from './start-tracing';
export * from './tracer';
