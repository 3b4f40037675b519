/**
 * The rules of the valuation wizard (consumer spec §2 "Valuation wizard", §4 "Wizard" and "Auto
 * research", §5 "Valuation form"), kept pure so they can be tested without a browser.
 */
import { conditionKeys, DEFAULT_PROPERTY_TYPE, type ConditionKey, type PropertyType } from '@kainga/contracts/browser';
import type { Purpose, ValuationRequest } from '@kainga/contracts';
import { isNumberText, numberFromText, readNumberEntry, type NumberRule } from '../../format/number-entry';
import { ADDRESS_HINT, looksLikeAddress } from '@kainga/contracts/browser';

export const FIRST_STEP = 1;
export const LAST_STEP = 3;
export type WizardStep = 1 | 2 | 3;

/** The step, kept within 1 to 3 (the wizard can go neither below 1 nor above 3). */
export function clampStep(step: number): WizardStep {
  if (!Number.isFinite(step)) return FIRST_STEP;
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, Math.trunc(step))) as WizardStep;
}
export const nextStep = (step: number): WizardStep => clampStep(step + 1);
export const previousStep = (step: number): WizardStep => clampStep(step - 1);

export const stepTitles: Record<WizardStep, string> = {
  1: 'Property Details',
  2: 'Property Condition Assessment',
  3: 'Market Research',
};
/** 'Step 1 of 3 - Property Details' */
export const stepHeading = (step: WizardStep) => `Step ${step} of ${LAST_STEP} - ${stepTitles[step]}`;

export const purposeChoices: readonly { value: Purpose; label: string }[] = [
  { value: 'buying', label: 'Buying' },
  { value: 'selling', label: 'Selling' },
  { value: 'testing', label: 'Testing' },
];
export const bedroomChoices = ['1', '2', '3', '4', '5+'] as const;
export const bathroomChoices = ['1', '2', '3', '4+'] as const;
export type BedroomChoice = (typeof bedroomChoices)[number];
export type BathroomChoice = (typeof bathroomChoices)[number];

export type ConditionScoresForm = Record<ConditionKey, number>;

/**
 * The wizard's form (consumer spec §3 "Valuation form"). Number fields hold what the person typed
 * (a string, '' for empty) so a half-typed "12." is not lost; they become numbers on the way out.
 */
export interface WizardForm {
  purpose: Purpose | '';
  address: string;
  suburb: string;
  city: string;
  /** House unless the person chooses otherwise (issue 11). */
  propertyType: PropertyType;
  floorArea: string;
  landArea: string;
  bedrooms: BedroomChoice | '';
  bathrooms: BathroomChoice | '';
  rateableValue: string;
  conditionScores: ConditionScoresForm;
}

/** Every category starts at 0 (N/A). */
export const emptyConditionScores = (): ConditionScoresForm =>
  Object.fromEntries(conditionKeys.map((k) => [k, 0])) as ConditionScoresForm;

/**
 * A new form. Purpose starts at 'buying' (a choice is always made, and research needs one); the
 * person can change it to selling or testing.
 */
export const emptyWizardForm = (): WizardForm => ({
  purpose: 'buying',
  address: '',
  suburb: '',
  city: '',
  propertyType: DEFAULT_PROPERTY_TYPE,
  floorArea: '',
  landArea: '',
  bedrooms: '',
  bathrooms: '',
  rateableValue: '',
  conditionScores: emptyConditionScores(),
});

/** '' (or text that is not a plain number) → null; otherwise the number typed. */
export function toNumberOrNull(value: string): number | null {
  return numberFromText(value);
}

/** '5+' → 5, '4+' → 4, '3' → 3, '' → null. */
export function choiceToCount(choice: string): number | null {
  if (choice === '') return null;
  const n = Number.parseInt(choice, 10);
  return Number.isFinite(n) ? n : null;
}

/** The request of POST /api/research-comparables and POST /api/valuations (consumer spec §7). */
export function toValuationRequest(form: WizardForm): ValuationRequest {
  return {
    purpose: (form.purpose || 'buying') as Purpose,
    address: form.address.trim(),
    suburb: form.suburb.trim(),
    city: form.city.trim(),
    propertyType: form.propertyType,
    floorArea: toNumberOrNull(form.floorArea),
    landArea: toNumberOrNull(form.landArea),
    bedrooms: choiceToCount(form.bedrooms),
    bathrooms: choiceToCount(form.bathrooms),
    rateableValue: toNumberOrNull(form.rateableValue),
    conditionScores: { ...form.conditionScores },
  };
}

export type DetailsField = 'purpose' | 'address' | 'city' | 'floorArea' | 'landArea' | 'rateableValue';
export type DetailsErrors = Partial<Record<DetailsField, string>>;

export type NumberDetailsField = 'floorArea' | 'landArea' | 'rateableValue';

/**
 * The number fields' ranges: those the server accepts (contracts' ValuationRequest), checked
 * before leaving step 1 so the person sees the problem beside the field rather than after
 * submitting. Consumer spec §5 has "a non-numeric entry becomes empty": such an entry still counts
 * as no value, but its text stays in the field with the message (issue 11), and step 1 cannot be
 * left until it is corrected or cleared, so nothing is computed from a number the person did not
 * see.
 */
export const numberRules: Record<NumberDetailsField, NumberRule> = {
  floorArea: { min: 10, max: 5000, message: 'Enter a floor area from 10 to 5,000 m²' },
  landArea: { min: 0, max: 1_000_000, message: 'Enter a land area from 0 to 1,000,000 m²' },
  rateableValue: { min: 1000, max: 100_000_000, message: 'Enter a rateable value from $1,000 to $100,000,000' },
};
const numberFields = Object.keys(numberRules) as NumberDetailsField[];
export const isNumberDetailsField = (key: string): key is NumberDetailsField => key in numberRules;

/** Step 1's validation (consumer spec §5): purpose, address and city required; numbers in range. */
export function validatePropertyDetails(form: WizardForm): DetailsErrors {
  const errors: DetailsErrors = {};
  if (!form.purpose) errors.purpose = 'Please choose a purpose: buying, selling or testing';
  if (!form.address.trim()) errors.address = 'Address is required';
  // It is shown on the public map and in the directory: the server refuses what is not an address too.
  else if (!looksLikeAddress(form.address)) errors.address = ADDRESS_HINT;
  if (!form.city.trim()) errors.city = 'City is required';
  for (const field of numberFields) {
    const { error } = readNumberEntry(form[field], numberRules[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * The message to show while a number field is being typed: only text that can never become a
 * number (letters, a sign, an exponent) is flagged at once; a range is checked on Next, so "1" on
 * the way to "150" is not called wrong.
 */
export function typingError(field: NumberDetailsField, text: string): string | undefined {
  return isNumberText(text) ? undefined : numberRules[field].message;
}

export interface ResearchState {
  /** a research request has been made (whatever its outcome) */
  hasResearched: boolean;
  isResearching: boolean;
  comparablesCount: number;
}

/** The fields auto research waits for, as the wizard labels them (lower case, for a sentence). */
const autoResearchLabels = {
  address: 'address',
  city: 'city',
  floorArea: 'floor area',
  landArea: 'land area',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  rateableValue: 'rateable value',
} as const;

/**
 * What auto research still waits for (consumer spec §4: address, city, floor area, land area,
 * bedrooms, bathrooms and rateable value, all filled), in the form's order. A number field counts
 * as filled when it holds a number in its range: research never runs on a figure the field flags
 * as wrong.
 */
export function autoResearchWaitsFor(form: WizardForm): string[] {
  const filled: Record<keyof typeof autoResearchLabels, boolean> = {
    address: form.address.trim() !== '',
    city: form.city.trim() !== '',
    bedrooms: form.bedrooms !== '',
    bathrooms: form.bathrooms !== '',
    ...(Object.fromEntries(numberFields.map((field) => [field, readNumberEntry(form[field], numberRules[field]).value !== null])) as Record<NumberDetailsField, boolean>),
  };
  return (Object.keys(autoResearchLabels) as (keyof typeof autoResearchLabels)[]).filter((k) => !filled[k]).map((k) => autoResearchLabels[k]);
}

/**
 * Auto research (consumer spec §4): starts once, when every field it waits for is filled
 * (`autoResearchWaitsFor`), no research has run or is running, and no comparables are held.
 */
export function shouldAutoResearch(form: WizardForm, state: ResearchState): boolean {
  return autoResearchWaitsFor(form).length === 0 && !state.hasResearched && !state.isResearching && state.comparablesCount === 0;
}

/** Research progress (consumer spec §4): 85 while researching, 100 with results, else 0 (bar hidden). */
export function researchProgress(isResearching: boolean, hasResults: boolean): 0 | 85 | 100 {
  if (isResearching) return 85;
  if (hasResults) return 100;
  return 0;
}

/**
 * Step 3's word on a research that has not started although the address and city are in: the spec's
 * empty state says research begins once they are entered, but it starts by itself only once every
 * field it waits for is (an optional rateable value left empty, it never does). Null when there is
 * nothing to add: research is under way, or the address or city is still missing (the spec's text
 * says so).
 */
export function researchWaitingHint(waitsFor: readonly string[]): string | null {
  if (waitsFor.length === 0 || waitsFor.includes('address') || waitsFor.includes('city')) return null;
  const list = waitsFor.length === 1 ? waitsFor[0] : `${waitsFor.slice(0, -1).join(', ')} and ${waitsFor.at(-1)}`;
  return `It starts by itself once you fill in the ${list} too, or look now with Research Comparable Sales.`;
}
