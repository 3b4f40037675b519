export * from './email-sender';
export * from './outbox-email-sender';
export * from './outbox-retention';
export * from './smtp-email-sender';
export * from './email-sender-for';
