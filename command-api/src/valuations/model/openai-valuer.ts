import { conditionLabels, conditionSections, scoreLabels, type Comparable, type ConditionKey, type Estimate } from '@kainga/contracts';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { formatIsoDate, nzDateOf } from './calendar';
import type { EstimateInput } from './estimate';
import { formatNumber, formatNzd, formatSignedNzd, roundToThousand } from './money';

export type OpenAIValuerDeps = {
  client: OpenAI;
  /** The chat model, e.g. `gpt-4o-2024-08-06`; becomes `engineVersion`. */
  model: string;
  /** Per-attempt time limit; the request is tried at most twice (`maxRetries: 1`). */
  timeoutMs?: number;
  /** "Today" for the brief (defaults to the current time); only used in the prompt. */
  now?: Date;
};

/** Per-attempt time limit of the AI call. Two attempts stay well inside the client's 300 s. */
export const OPENAI_TIMEOUT_MS = 60_000;
/** The AI estimate may differ from the local model's by at most this fraction. */
export const MAX_DEVIATION_FROM_MODEL = 0.4;
/** Explanation lines kept from the AI answer, and characters per line. */
export const MAX_EXPLANATION_LINES = 12;
export const MAX_EXPLANATION_LINE_LENGTH = 400;

/**
 * The AI's answer (structured output, strict JSON schema). Types only: the bounds are checked by
 * `checkAnswer` so that a wrong value gives a clear `fallbackReason` instead of a schema error.
 */
export const AiValuationAnswer = z.object({
  estimatedValue: z.number().describe('Estimated market value in NZD (whole dollars).'),
  conservativeValue: z.number().describe('Low end of the likely range in NZD; not above estimatedValue.'),
  optimisticValue: z.number().describe('High end of the likely range in NZD; not below estimatedValue.'),
  conditionAdjustment: z.number().describe('Signed NZD amount the condition ratings add to (or, negative, take from) the base value.'),
  marketAdjustment: z.number().describe('Signed NZD amount for market movement since the comparables sold.'),
  confidence: z.number().describe('Confidence in the estimate, 0 to 100.'),
  explanation: z.array(z.string()).describe('The reasoning: one short plain-English sentence per factor, with NZD amounts.'),
});
export type AiValuationAnswer = z.infer<typeof AiValuationAnswer>;

/** The system prompt: the how-it-works promise of the consumer spec (§1) as a brief. */
export const VALUER_BRIEF = [
  'You are a certified New Zealand property valuer (a registered valuer). You estimate the current market value of a residential property in New Zealand for Kāinga, a free and explainable valuation service.',
  '',
  'How you work:',
  '- You base the value on up to 5 sold comparable properties from the last 3 months in the same city, preferring the same suburb and the closest matches. If fewer than 3 sold in 3 months the search was widened (6, 12 or 24 months): give older sales less weight and allow for market movement since they sold.',
  '- Comparables marked "generated demo data" are not real sales: say so, and treat them as illustrative only.',
  '- You use the council rateable value (RV) together with the sale-to-RV ratio of the comparables.',
  '- You adjust for the condition ratings of the owner. Each criterion is rated 1 Poor, 2 Fair, 3 Good, 4 Very Good or 5 Excellent; 3 Good is neutral. Criteria not listed are N/A (not rated) and must not count either way.',
  '- You adjust for market movement between the comparables\' sale dates and the valuation date.',
  '- A local statistical model\'s estimate is given as a reference, not as the answer. Depart from it when the evidence says so, and say why.',
  '',
  'Your answer:',
  '- All amounts in New Zealand dollars (NZD), whole dollars.',
  '- estimatedValue = base value + conditionAdjustment + marketAdjustment; both adjustments are signed NZD amounts (negative lowers the value).',
  '- conservativeValue <= estimatedValue <= optimisticValue: the likely range of a sale today.',
  '- confidence: 0 to 100, how sure you are given the evidence (fewer or poorer comparables, less confidence).',
  '- explanation: your reasoning, one short plain-English sentence per factor (comparable sales, rateable value, condition, market, confidence), each with NZD amounts.',
  '- Estimates are informational only; a registered valuer should be consulted for legal, financial or insurance use.',
].join('\n');

const orNotGiven = (v: number | null, show: (v: number) => string) => (v === null ? 'not given' : show(v));

/** The criteria the owner rated (1–5), by section, with their labels; N/A ones are left out. */
export const describeConditionScores = (scores: EstimateInput['conditionScores']): string[] => {
  const lines: string[] = [];
  for (const section of conditionSections) {
    const rated = (section.keys as readonly ConditionKey[]).filter((k) => (scores?.[k] ?? 0) > 0);
    if (rated.length === 0) continue;
    lines.push(`${section.title}:`);
    for (const key of rated) {
      const score = scores[key]!;
      lines.push(`- ${conditionLabels[key]}: ${score}/5 (${scoreLabels[score] ?? score})`);
    }
  }
  return lines;
};

const describeComparable = (c: Comparable, i: number): string => {
  const parts = [
    `sold ${c.saleDate} for ${formatNzd(c.price)}`,
    `${orNotGiven(c.bedrooms, (v) => `${v}`)} bed, ${orNotGiven(c.bathrooms, (v) => `${v}`)} bath`,
    `floor ${orNotGiven(c.floorArea, (v) => `${formatNumber(v)} m²`)}, land ${orNotGiven(c.landArea, (v) => `${formatNumber(v)} m²`)}`,
    `RV ${orNotGiven(c.rateableValue, formatNzd)}`,
    c.distance === null ? 'distance unknown' : `${formatNumber(c.distance, 1)} km away`,
    `match ${c.matchPercentage} %`,
  ];
  if (c.demo) parts.push('generated demo data, not a real sale');
  return `${i + 1}. ${[c.address, c.suburb, c.city].filter((s) => s.trim() !== '').join(', ')}: ${parts.join('; ')}`;
};

/** The user message: the property, every rated criterion, the comparables and the model's estimate. */
export const buildValuationPrompt = (input: EstimateInput, comparables: readonly Comparable[], modelEstimate: Estimate, now: Date): string => {
  const conditions = describeConditionScores(input.conditionScores);
  return [
    `Valuation date: ${formatIsoDate(nzDateOf(now))}`,
    '',
    'Property:',
    `- Address: ${[input.address, input.suburb, input.city].filter((s) => s.trim() !== '').join(', ')}`,
    `- Floor area: ${orNotGiven(input.floorArea, (v) => `${formatNumber(v)} m²`)}`,
    `- Land area: ${orNotGiven(input.landArea, (v) => `${formatNumber(v)} m²`)}`,
    `- Bedrooms: ${orNotGiven(input.bedrooms, String)}`,
    `- Bathrooms: ${orNotGiven(input.bathrooms, String)}`,
    `- Rateable value (RV): ${orNotGiven(input.rateableValue, formatNzd)}`,
    '',
    'Condition ratings (criteria not listed are N/A):',
    ...(conditions.length > 0 ? conditions : ['No criteria were rated.']),
    '',
    `Comparable sales (${comparables.length}):`,
    ...(comparables.length > 0 ? comparables.map(describeComparable) : ['None were found in the city.']),
    '',
    'Local model estimate (reference only):',
    `- Estimated value: ${formatNzd(modelEstimate.estimatedValue)} (conservative ${formatNzd(modelEstimate.conservativeValue)}, optimistic ${formatNzd(modelEstimate.optimisticValue)})`,
    `- Base value ${formatNzd(modelEstimate.baseValue)}; condition adjustment ${formatSignedNzd(modelEstimate.conditionAdjustment)}; market adjustment ${formatSignedNzd(modelEstimate.marketAdjustment)}`,
    `- Confidence: ${modelEstimate.confidence} %`,
    '- Its reasoning:',
    ...modelEstimate.explanation.map((line) => `  - ${line}`),
  ].join('\n');
};

/**
 * Why an answer is not sane, or null when it is. Refused when a value is not a positive number,
 * the order conservative ≤ estimated ≤ optimistic is broken, confidence is outside 0–100, the
 * estimate is more than 40 % from the model's, the adjustments leave no positive base value, or
 * there is no reasoning.
 */
export const checkAnswer = (answer: AiValuationAnswer, modelEstimate: Estimate): string | null => {
  const { estimatedValue: e, conservativeValue: lo, optimisticValue: hi } = answer;
  const bounds = (why: string) => `The AI estimate was outside sane bounds (${why}).`;
  if (![e, lo, hi, answer.conditionAdjustment, answer.marketAdjustment, answer.confidence].every(Number.isFinite)) return bounds('a value was not a finite number');
  if (e <= 0 || lo <= 0 || hi <= 0) return bounds('a value was zero or negative');
  if (!(lo <= e && e <= hi)) return bounds('conservative, estimated and optimistic values were out of order');
  if (answer.confidence < 0 || answer.confidence > 100) return bounds('confidence was outside 0–100');
  if (Math.abs(e - modelEstimate.estimatedValue) > MAX_DEVIATION_FROM_MODEL * modelEstimate.estimatedValue)
    return bounds(`more than ${Math.round(MAX_DEVIATION_FROM_MODEL * 100)} % from the model`);
  if (e - answer.conditionAdjustment - answer.marketAdjustment <= 0) return bounds('the adjustments were larger than the estimate');
  if (answer.explanation.every((l) => l.trim() === '')) return 'The AI answer gave no reasoning.';
  return null;
};

const describeError = (error: unknown, timeoutMs: number): string => {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return `The AI valuer did not answer within ${formatNumber(timeoutMs / 1000, 1)} seconds.`;
  if (error instanceof OpenAI.APIUserAbortError) return 'The AI request was cancelled.';
  if (error instanceof OpenAI.APIConnectionError) return 'The AI valuer could not be reached.';
  // Only the status: provider messages can echo parts of the API key.
  if (error instanceof OpenAI.APIError) return `The AI valuer answered with an error (HTTP ${error.status ?? 'unknown'}).`;
  if (error instanceof SyntaxError) return 'The AI answer was not valid JSON.';
  return `The AI call failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
};

/**
 * The estimate by an OpenAI model acting as a certified New Zealand property valuer (consumer spec
 * §1, how it works), validated and bounded; the local model's estimate otherwise.
 *
 * - One chat completion with the brief (`VALUER_BRIEF`) as the system message and the property,
 *   its rated criteria (labels and star names), the comparables and the model's estimate as the
 *   user message; structured output with the `AiValuationAnswer` schema (strict), a per-attempt
 *   `timeout` and `maxRetries: 1`.
 * - Any failure falls back to `modelEstimate` with `fallbackReason` saying why: an API error
 *   (with its HTTP status), a time-out, no connection, a refusal, a cut-off or filtered answer,
 *   invalid JSON, missing fields, or an answer outside the sane bounds of `checkAnswer`.
 * - On success: `engine: 'openai'`, `engineVersion` the model name; the NZD amounts are rounded
 *   to $1,000 like the model's (rounding keeps their order), confidence to a whole percent, and
 *   `baseValue = estimatedValue − conditionAdjustment − marketAdjustment`, so the breakdown adds
 *   up. The explanation keeps at most 12 non-empty lines of at most 400 characters.
 *
 * Never throws for anything the AI does; the caller decides whether to call it at all (no key).
 */
export const estimateWithOpenAI = async (deps: OpenAIValuerDeps, input: EstimateInput, comparables: readonly Comparable[], modelEstimate: Estimate): Promise<Estimate> => {
  const fallback = (fallbackReason: string): Estimate => ({ ...modelEstimate, engine: 'model', fallbackReason });
  const timeoutMs = deps.timeoutMs ?? OPENAI_TIMEOUT_MS;

  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await deps.client.chat.completions.create(
      {
        model: deps.model,
        messages: [
          { role: 'system', content: VALUER_BRIEF },
          { role: 'user', content: buildValuationPrompt(input, comparables, modelEstimate, deps.now ?? new Date()) },
        ],
        response_format: zodResponseFormat(AiValuationAnswer, 'property_valuation'),
      },
      { timeout: timeoutMs, maxRetries: 1 },
    );
  } catch (error) {
    return fallback(describeError(error, timeoutMs));
  }

  const choice = completion?.choices?.[0];
  if (!choice?.message) return fallback('The AI valuer gave no answer.');
  const { message } = choice;
  if (message.refusal) return fallback(`The AI valuer declined to value this property: ${message.refusal}`.slice(0, 300));
  if (choice.finish_reason === 'length') return fallback('The AI answer was cut off before it was complete.');
  if (choice.finish_reason === 'content_filter') return fallback('The AI answer was withheld by the content filter.');
  if (!message.content) return fallback('The AI valuer gave no answer.');

  let json: unknown;
  try {
    json = JSON.parse(message.content);
  } catch {
    return fallback('The AI answer was not valid JSON.');
  }
  const parsed = AiValuationAnswer.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return fallback(`The AI answer did not have the expected fields (${where}${issue?.message ?? 'invalid'}).`);
  }
  const answer = parsed.data;
  const insane = checkAnswer(answer, modelEstimate);
  if (insane) return fallback(insane);

  const estimatedValue = roundToThousand(answer.estimatedValue);
  const conditionAdjustment = roundToThousand(answer.conditionAdjustment);
  const marketAdjustment = roundToThousand(answer.marketAdjustment);
  const baseValue = estimatedValue - conditionAdjustment - marketAdjustment;
  if (baseValue <= 0) return fallback('The AI estimate was outside sane bounds (the adjustments were larger than the estimate).');
  return {
    estimatedValue,
    conservativeValue: roundToThousand(answer.conservativeValue),
    optimisticValue: roundToThousand(answer.optimisticValue),
    baseValue,
    conditionAdjustment,
    marketAdjustment,
    confidence: Math.round(answer.confidence),
    engine: 'openai',
    engineVersion: deps.model,
    explanation: answer.explanation
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .slice(0, MAX_EXPLANATION_LINES)
      .map((line) => (line.length > MAX_EXPLANATION_LINE_LENGTH ? `${line.slice(0, MAX_EXPLANATION_LINE_LENGTH - 1)}…` : line)),
    fallbackReason: null,
  };
};
