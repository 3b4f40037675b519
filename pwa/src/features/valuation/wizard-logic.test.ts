import { describe, expect, it } from 'vitest';
import { ValuationRequest, conditionKeys } from '@kainga/contracts';
import {
  choiceToCount,
  clampStep,
  emptyWizardForm,
  nextStep,
  toNumberOrNull,
  typingError,
  previousStep,
  researchProgress,
  shouldAutoResearch,
  autoResearchWaitsFor,
  researchWaitingHint,
  stepHeading,
  toValuationRequest,
  validatePropertyDetails,
  type WizardForm,
} from './wizard-logic';

const filled = (): WizardForm => ({
  ...emptyWizardForm(),
  address: '12 Karori Road',
  suburb: 'Karori',
  city: 'Wellington',
  floorArea: '150',
  landArea: '500',
  bedrooms: '3',
  bathrooms: '2',
  rateableValue: '900000',
});
const fresh = { hasResearched: false, isResearching: false, comparablesCount: 0 };

describe('wizard steps', () => {
  it('go neither below 1 nor above 3', () => {
    expect(nextStep(1)).toBe(2);
    expect(nextStep(2)).toBe(3);
    expect(nextStep(3)).toBe(3);
    expect(previousStep(3)).toBe(2);
    expect(previousStep(1)).toBe(1);
    expect(clampStep(0)).toBe(1);
    expect(clampStep(-4)).toBe(1);
    expect(clampStep(7)).toBe(3);
    expect(clampStep(Number.NaN)).toBe(1);
  });
  it('are headed as the spec says', () => {
    expect(stepHeading(1)).toBe('Step 1 of 3 - Property Details');
    expect(stepHeading(2)).toBe('Step 2 of 3 - Property Condition Assessment');
    expect(stepHeading(3)).toBe('Step 3 of 3 - Market Research');
  });
});

describe('auto research', () => {
  it('starts when address, city, floor, land, bedrooms, bathrooms and RV are all filled', () => {
    expect(shouldAutoResearch(filled(), fresh)).toBe(true);
  });
  it.each(['address', 'city', 'floorArea', 'landArea', 'bedrooms', 'bathrooms', 'rateableValue'] as const)('waits while %s is empty', (field) => {
    expect(shouldAutoResearch({ ...filled(), [field]: '' }, fresh)).toBe(false);
  });
  it('does not need the suburb', () => {
    expect(shouldAutoResearch({ ...filled(), suburb: '' }, fresh)).toBe(true);
  });
  it('treats a blank address as empty', () => {
    expect(shouldAutoResearch({ ...filled(), address: '   ' }, fresh)).toBe(false);
  });
  it('starts only once: not after a research ran, while one runs, or with comparables held', () => {
    expect(shouldAutoResearch(filled(), { ...fresh, hasResearched: true })).toBe(false);
    expect(shouldAutoResearch(filled(), { ...fresh, isResearching: true })).toBe(false);
    expect(shouldAutoResearch(filled(), { ...fresh, comparablesCount: 2 })).toBe(false);
  });
});

describe('what auto research waits for', () => {
  it('is nothing on a filled form, and each empty or flagged field by its label, in the form\'s order', () => {
    expect(autoResearchWaitsFor(filled())).toEqual([]);
    expect(autoResearchWaitsFor({ ...filled(), bedrooms: '', rateableValue: '', floorArea: '-50' })).toEqual(['floor area', 'bedrooms', 'rateable value']);
  });
  it('agrees with when auto research starts', () => {
    for (const field of ['address', 'city', 'floorArea', 'landArea', 'bedrooms', 'bathrooms', 'rateableValue'] as const) {
      const form = { ...filled(), [field]: '' };
      expect(autoResearchWaitsFor(form).length === 0).toBe(shouldAutoResearch(form, fresh));
    }
  });
  it('says on step 3 what research waits for once the address and city are in, and nothing otherwise', () => {
    expect(researchWaitingHint(['bedrooms', 'bathrooms', 'rateable value'])).toBe(
      'It starts by itself once you fill in the bedrooms, bathrooms and rateable value too, or look now with Research Comparable Sales.',
    );
    expect(researchWaitingHint(['rateable value'])).toBe('It starts by itself once you fill in the rateable value too, or look now with Research Comparable Sales.');
    expect(researchWaitingHint([])).toBeNull();
    expect(researchWaitingHint(['address', 'bedrooms'])).toBeNull();
    expect(researchWaitingHint(['city'])).toBeNull();
  });
});

describe('research progress', () => {
  it('is 85 while researching, 100 with results, 0 otherwise', () => {
    expect(researchProgress(true, false)).toBe(85);
    expect(researchProgress(true, true)).toBe(85);
    expect(researchProgress(false, true)).toBe(100);
    expect(researchProgress(false, false)).toBe(0);
  });
});

describe('number fields', () => {
  it('keep a non-numeric entry and say what is wrong, while typing and on Next', () => {
    expect(typingError('floorArea', '12e5')).toBe('Enter a floor area from 10 to 5,000 m²');
    expect(typingError('landArea', '-50')).toBe('Enter a land area from 0 to 1,000,000 m²');
    expect(typingError('rateableValue', 'abc')).toBe('Enter a rateable value from $1,000 to $100,000,000');
    expect(validatePropertyDetails({ ...filled(), floorArea: '12e5' }).floorArea).toBe('Enter a floor area from 10 to 5,000 m²');
    expect(toValuationRequest({ ...filled(), floorArea: '12e5' }).floorArea).toBeNull();
  });
  it('flag a range only on Next, not while a number is still being typed', () => {
    expect(typingError('floorArea', '1')).toBeUndefined();
    expect(validatePropertyDetails({ ...filled(), floorArea: '1' }).floorArea).toBe('Enter a floor area from 10 to 5,000 m²');
  });
  it('read numbers, ignoring spaces and thousands separators', () => {
    expect(toNumberOrNull('150.5')).toBe(150.5);
    expect(toNumberOrNull('900,000')).toBe(900000);
    expect(toNumberOrNull(' 900 000 ')).toBe(900000);
    expect(toNumberOrNull('')).toBeNull();
  });
  it('hold auto research back while a number is out of range', () => {
    expect(shouldAutoResearch({ ...filled(), floorArea: '5' }, fresh)).toBe(false);
    expect(shouldAutoResearch({ ...filled(), landArea: '-50' }, fresh)).toBe(false);
  });
});

describe('form → request', () => {
  it('maps 5+ bedrooms to 5 and 4+ bathrooms to 4', () => {
    expect(choiceToCount('5+')).toBe(5);
    expect(choiceToCount('4+')).toBe(4);
    expect(choiceToCount('1')).toBe(1);
    expect(choiceToCount('')).toBeNull();
    const r = toValuationRequest({ ...filled(), bedrooms: '5+', bathrooms: '4+' });
    expect(r.bedrooms).toBe(5);
    expect(r.bathrooms).toBe(4);
  });
  it('sends empty numbers as null and trims text', () => {
    const r = toValuationRequest({ ...filled(), floorArea: '', landArea: '', bedrooms: '', bathrooms: '', rateableValue: '', address: '  1 Main St ', suburb: ' ' });
    expect(r).toMatchObject({ address: '1 Main St', suburb: '', floorArea: null, landArea: null, bedrooms: null, bathrooms: null, rateableValue: null });
  });
  it('gives every one of the 34 condition keys, 0 (N/A) by default, and passes the server schema', () => {
    const r = toValuationRequest(filled());
    expect(Object.keys(r.conditionScores).sort()).toEqual([...conditionKeys].sort());
    expect(conditionKeys).toHaveLength(34);
    expect(Object.values(r.conditionScores).every((v) => v === 0)).toBe(true);
    expect(r).toMatchObject({ purpose: 'buying', city: 'Wellington', floorArea: 150, landArea: 500, bedrooms: 3, bathrooms: 2, rateableValue: 900000 });
    expect(ValuationRequest.safeParse(r).success).toBe(true);
    expect(ValuationRequest.safeParse(toValuationRequest({ ...emptyWizardForm(), address: '1 Queen Street', city: 'Auckland' })).success).toBe(true);
  });
});

describe('property type', () => {
  it('starts as a house, is sent with the request and passes the server schema', () => {
    expect(emptyWizardForm().propertyType).toBe('house');
    expect(toValuationRequest(filled()).propertyType).toBe('house');
    for (const propertyType of ['townhouse', 'unit', 'apartment'] as const) {
      const r = toValuationRequest({ ...filled(), propertyType });
      expect(r.propertyType).toBe(propertyType);
      expect(ValuationRequest.safeParse(r).success).toBe(true);
    }
  });
  it('lets an apartment have no land, empty or 0', () => {
    for (const landArea of ['', '0']) {
      const form: WizardForm = { ...filled(), propertyType: 'apartment', landArea };
      expect(validatePropertyDetails(form).landArea).toBeUndefined();
      const r = toValuationRequest(form);
      expect(r.landArea).toBe(landArea === '' ? null : 0);
      expect(ValuationRequest.safeParse(r).success).toBe(true);
    }
  });
});

describe('step 1 validation', () => {
  it("says 'City is required' and that the address is required", () => {
    const errors = validatePropertyDetails(emptyWizardForm());
    expect(errors.city).toBe('City is required');
    expect(errors.address).toBe('Address is required');
    expect(errors.purpose).toBeUndefined();
  });
  it('accepts a filled form, and checks numbers against the ranges the server accepts', () => {
    expect(validatePropertyDetails(filled())).toEqual({});
    expect(validatePropertyDetails({ ...filled(), floorArea: '5' }).floorArea).toBe('Enter a floor area from 10 to 5,000 m²');
    expect(validatePropertyDetails({ ...filled(), rateableValue: '500' }).rateableValue).toBe('Enter a rateable value from $1,000 to $100,000,000');
    expect(validatePropertyDetails({ ...filled(), purpose: '' }).purpose).toBeTruthy();
  });
});
