export * from './engine';
export * from './valuation/activity-types';
export * from './valuation/orchestration';
export * from './valuation/retry-policy';
export { createActivities, openActivityDeps, type ActivityDeps } from './valuation/activities';
export { leadEmailsReactor, LEAD_EMAILS_REACTOR } from './reactors/lead-emails';
