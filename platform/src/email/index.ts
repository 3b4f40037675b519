export * from './email-sender';
export * from './outbox-email-sender';
