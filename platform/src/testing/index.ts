export * from './event-store-contract';
export * from './read-store-contract';
export * from './decider-spec';
export * from './blob-store-contract';
