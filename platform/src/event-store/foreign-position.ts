/**
 * A checkpoint the event store did not make: the read store holding it was built from another log
 * (an embedded SQLite log's checkpoint given to EventStoreDB, say). Resuming from it cannot work,
 * and retrying never will, so runners stop on it and say to rebuild.
 */
export class ForeignPositionError extends Error {
  constructor(
    readonly position: string,
    expected: string,
  ) {
    super(
      `The stored checkpoint "${position}" was not made by this event store (${expected}): the read store was built from another event log. ` +
        'Rebuild the read models from this log with `npm run projections:rebuild -- all`, or point the service back at the log they came from.',
    );
    this.name = 'ForeignPositionError';
  }
}
