/** Names that cross from the API to the workflow engine and its workers. */
export const VALUATION_WORKFLOW = 'valuationWorkflow';
export const VALUATION_TASK_QUEUE = 'kainga-valuations';
/** The client gives up waiting after this long (consumer spec §9). */
export const VALUATION_TIMEOUT_MS = 300_000;
