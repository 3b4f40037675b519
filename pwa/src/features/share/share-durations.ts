import { REPORT_SHARE_DEFAULT_DAYS, REPORT_SHARE_MAX_DAYS } from '@kainga/contracts/browser';

/** How long a new link works: the owner picks one of these (days); the contracts' week unless they say, up to their maximum. */
export const SHARE_DURATION_DAYS = [1, REPORT_SHARE_DEFAULT_DAYS, 30, REPORT_SHARE_MAX_DAYS] as const;
export type ShareDurationDays = number;
export const DEFAULT_SHARE_DAYS: ShareDurationDays = REPORT_SHARE_DEFAULT_DAYS;

/** "1 day", "7 days" … the choice as the form names it. */
export const shareDurationLabel = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
