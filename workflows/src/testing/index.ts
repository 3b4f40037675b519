// Helpers for tests elsewhere that need a Temporal server and a worker (`@kainga/workflows/testing`).
export { forTemporal } from '../temporal-activities';
export { quietTemporalRuntime } from './quiet-temporal-runtime';
export { startTemporalTestServer } from './temporal-test-server';
export { startTestWorker, type RunningTestWorker } from './test-worker';
