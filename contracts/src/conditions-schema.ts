import { z } from 'zod';
import { conditionKeys, type ConditionKey } from './conditions';

const Score = z
  .number({ error: 'Each condition score must be a whole number from 0 to 5' })
  .int('Each condition score must be a whole number from 0 to 5')
  .min(0, 'Each condition score must be a whole number from 0 to 5')
  .max(5, 'Each condition score must be a whole number from 0 to 5');

/** Every key optional (absent = 0, N/A); unknown keys are refused. */
export const ConditionScores = z.strictObject(Object.fromEntries(conditionKeys.map((k) => [k, Score.optional()])) as Record<ConditionKey, z.ZodOptional<typeof Score>>);

export type ConditionScores = Partial<Record<ConditionKey, number>>;
