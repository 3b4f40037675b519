export * from './event-store-contract';
export * from './read-store-contract';
export * from './decider-spec';
export * from './blob-store-contract';
export * from './email-sender-contract';
export * from '../payments/testing/local-stripe';
export * from '../payments/testing/signed-webhook';
export * from './recorded-events';
