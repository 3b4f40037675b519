/**
 * 'Update Assessment' (issue 11, journey item 2): the wizard starts from the owner's property and
 * the condition ratings of their last assessment of it, instead of a blank form. Pure, so the
 * mapping is tested without a browser.
 *
 * The source is the owner's own valuations (GET /api/valuations, which answers only the signed-in
 * person's): a property's id is derived from its owner, so a valuation of the property in that list
 * proves the person owns it, and someone else's property is never found there. A property's facts
 * change only when its owner values it again, so the latest valuation's property is the property
 * as it stands.
 */
import { conditionKeys, DEFAULT_PROPERTY_TYPE, isPropertyType, type PropertyType } from '@kainga/contracts/browser';
import type { UserValuation } from '@kainga/contracts';
import { formatDateNZ } from '../../format/format';
import {
  bathroomChoices,
  bedroomChoices,
  emptyConditionScores,
  emptyWizardForm,
  type BathroomChoice,
  type BedroomChoice,
  type ConditionScoresForm,
  type WizardForm,
} from './wizard-logic';

/** What of a valuation the prefill reads. */
export type PrefillValuation = Pick<UserValuation, 'id' | 'createdAt' | 'purpose' | 'conditionScores'> & {
  property: Pick<UserValuation['property'], 'id' | 'address' | 'suburb' | 'city' | 'bedrooms' | 'bathrooms' | 'floorArea' | 'landArea' | 'rateableValue'> & {
    propertyType?: PropertyType | null;
  };
};

/**
 * The property's latest valuation among the person's own (newest `createdAt`; the list comes
 * newest first, but that is not relied on), or null when none is of that property.
 */
export function latestValuationOf<V extends PrefillValuation>(valuations: readonly V[] | null | undefined, propertyId: string | null | undefined): V | null {
  if (!valuations || !propertyId) return null;
  let latest: V | null = null;
  for (const v of valuations) {
    if (v.property?.id !== propertyId) continue;
    if (!latest || Date.parse(v.createdAt) > Date.parse(latest.createdAt)) latest = v;
  }
  return latest;
}

/** A number as the form's text ('' for none). */
const numberText = (n: number | null | undefined): string => (n === null || n === undefined || !Number.isFinite(n) ? '' : String(n));

/**
 * A count as one of the form's buttons: 1…4 as they are, the last choice ('5+', '4+') for that
 * many or more, '' for none or 0 (the buttons start at 1).
 */
export function countToChoice<T extends string>(n: number | null | undefined, choices: readonly T[]): T | '' {
  if (n === null || n === undefined || !Number.isFinite(n) || n < 1) return '';
  const whole = Math.trunc(n);
  const exact = choices.find((c) => c === String(whole));
  if (exact) return exact;
  const last = choices[choices.length - 1]!;
  return whole >= Number.parseInt(last, 10) ? last : '';
}

/** The ratings of a valuation for the condition step: each known category 0 to 5, 0 (N/A) when missing. */
export function scoresForForm(scores: Partial<Record<string, number>> | null | undefined): ConditionScoresForm {
  const form = emptyConditionScores();
  for (const key of conditionKeys) {
    const v = scores?.[key];
    if (typeof v === 'number' && Number.isFinite(v)) form[key] = Math.min(5, Math.max(0, Math.round(v)));
  }
  return form;
}

/**
 * The wizard's form filled from the person's last assessment of their property: step 1 from the
 * property (address, suburb, city, type, areas, bedrooms, bathrooms, rateable value) and its
 * purpose, step 2 from its condition ratings. Everything stays editable.
 */
export function prefillWizardForm(latest: PrefillValuation): WizardForm {
  const p = latest.property;
  return {
    ...emptyWizardForm(),
    purpose: latest.purpose || 'buying',
    address: p.address ?? '',
    suburb: p.suburb ?? '',
    city: p.city ?? '',
    // absent (a valuation made before types existed) is a house
    propertyType: isPropertyType(p.propertyType) ? p.propertyType : DEFAULT_PROPERTY_TYPE,
    floorArea: numberText(p.floorArea),
    landArea: numberText(p.landArea),
    bedrooms: countToChoice<BedroomChoice>(p.bedrooms, bedroomChoices),
    bathrooms: countToChoice<BathroomChoice>(p.bathrooms, bathroomChoices),
    rateableValue: numberText(p.rateableValue),
    conditionScores: scoresForForm(latest.conditionScores),
  };
}

/** 'Filled in from your last assessment of 12 Karori Road on 3 Mar 2026; change anything that is different now.' */
export function prefillNotice(latest: Pick<PrefillValuation, 'createdAt' | 'property'>): string {
  return `Filled in from your last assessment of ${latest.property.address} on ${formatDateNZ(latest.createdAt)}; change anything that is different now.`;
}

/** Said when 'Update Assessment' was asked for but there is nothing of the person's own to start from. */
export const PREFILL_UNAVAILABLE =
  "This form could not be filled in from that property: only its owner's own assessments can fill it in. Enter the property's details below.";
/** Said when the person's valuations could not be read (offline, or the server failed). */
export const PREFILL_FAILED = "Your property's details could not be loaded, so the form starts empty. Enter the property's details below.";

/** The property whose assessment is to be updated, as /property/{id}/assessment passes it in the navigation's state. */
export function assessmentPropertyIdOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as { assessmentPropertyId?: unknown }).assessmentPropertyId;
  return typeof id === 'string' && id.trim() !== '' ? id : null;
}
