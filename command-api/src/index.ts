export { buildApp, BODY_LIMIT } from './app';
export type { AppDeps } from './deps';
export { registerAccount, changeRoles } from './accounts/accounts';
export { SESSION_COOKIE } from './plugins/sessions';
