export * from './roles';
export * from './events/metadata';
export * from './events/accounts';
export * from './api/errors';
export * from './api/auth';
export * from './api/admin-users';
export * from './read-models/user';
