import { conditionKeys, type ConditionScores } from '@kainga/contracts';
import { clamp, type Random } from './random';

/**
 * A home's condition on the model's 1–5 star scale (3 = Good; contracts/src/conditions.ts): a
 * hidden true grade, and the 34 criteria as its owner rates them in the wizard.
 */
export const CONDITION_MEAN = 3.1;
export const CONDITION_SD = 0.75;
/** Value per star of the true grade above or below 3 (multiplicative: e^(0.05 × (grade − 3))). */
export const CONDITION_VALUE_PER_STAR = 0.05;
/** How far an owner's view of the whole home leans from its true grade (sd, stars). */
export const OWNER_LEAN_SD = 0.35;
/** How far one criterion's rating strays from the owner's view of the whole home (sd, stars), before rounding. */
export const CRITERION_SD = 0.8;
/** Share of criteria an owner leaves N/A (no ensuite, no pool, …). */
const NOT_APPLICABLE_SHARE = 0.15;

/** The hidden true grade, 1–5 (continuous). */
export const drawConditionGrade = (random: Random) => clamp(CONDITION_MEAN + CONDITION_SD * random.normal(), 1, 5);

/** What the grade does to the value: e^(0.05 × (grade − 3)). */
export const conditionFactor = (grade: number) => Math.exp(CONDITION_VALUE_PER_STAR * (grade - 3));

/**
 * The owner's ratings: every criterion is the true grade, seen through the owner's own lean
 * (sd 0.35 stars for the whole home) and the criterion's own spread (sd 0.8), rounded to whole
 * stars 1–5; about 15 % left N/A (0). Their mean tracks the grade to about ±0.4 stars.
 */
export function drawOwnerRatings(random: Random, grade: number): ConditionScores {
  const lean = OWNER_LEAN_SD * random.normal();
  const scores: ConditionScores = {};
  for (const key of conditionKeys) {
    const rated = random.next() >= NOT_APPLICABLE_SHARE;
    const star = clamp(Math.round(grade + lean + CRITERION_SD * random.normal()), 1, 5);
    scores[key] = rated ? star : 0;
  }
  return scores;
}
