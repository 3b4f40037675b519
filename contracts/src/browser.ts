/**
 * The zod-free part of the contracts, for the web app's bundle: names, labels, tables and pure
 * functions. Types of the schemas come from '@kainga/contracts' with `import type` (erased).
 */
export * from './roles';
export * from './conditions';
export type { ConditionScores } from './conditions-schema';
export * from './nz-locations';
export * from './value-band';
export * from './value-breakdown';
export * from './workflows';
export * from './confidence';
export * from './calculators/index';
export * from './signed-in-hint';
export * from './service-types';
export * from './advertising';
export * from './seeded-random';
export * from './billing';
export * from './subscription-billing';
export * from './coupons';
export * from './count-noun';
export * from './property-types';
export * from './plain-explanation';
export * from './address';
export * from './data-export';
export * from './erasure-reason';
