/**
 * The ad impressions and clicks of a range of the event log as flat records, read page by page
 * in log order: the replay CLI (ops) writes them to a file, the admin API (command-api) streams
 * them over HTTP; both take them from here so one range gives the same bytes either way.
 */
export * from './ad-records';
export * from './replay-ads';
export * from './replay-range';
export * from './seek-start';
