import { describe, expect, it } from 'vitest';
import { conditionKeys, ValuationRequest } from '@kainga/contracts';
import { formatDateNZ } from '../../format/format';
import {
  assessmentPropertyIdOf,
  countToChoice,
  latestValuationOf,
  prefillNotice,
  prefillWizardForm,
  scoresForForm,
  type PrefillValuation,
} from './prefill';
import { bathroomChoices, bedroomChoices, emptyWizardForm, toValuationRequest, validatePropertyDetails } from './wizard-logic';

const valuation = (over: Partial<Omit<PrefillValuation, 'property'>> & { property?: Partial<PrefillValuation['property']> } = {}): PrefillValuation => {
  const { property, ...rest } = over;
  return {
    id: 'v1',
    createdAt: '2026-03-03T09:30:00.000Z',
    purpose: 'selling',
    conditionScores: { kitchen: 5, roofing: 4, bathroom: 2 },
    ...rest,
    property: {
      id: 'p1',
      address: '12 Karori Road',
      suburb: 'Karori',
      city: 'Wellington',
      propertyType: 'townhouse',
      bedrooms: 3,
      bathrooms: 2,
      floorArea: 150,
      landArea: 500,
      rateableValue: 900_000,
      ...property,
    },
  };
};

describe('the latest valuation of a property', () => {
  it('is the newest of those of that property, whatever the order of the list', () => {
    const older = valuation({ id: 'old', createdAt: '2025-01-01T00:00:00.000Z' });
    const newer = valuation({ id: 'new', createdAt: '2026-02-01T00:00:00.000Z' });
    const otherProperty = valuation({ id: 'other', createdAt: '2026-06-01T00:00:00.000Z', property: { id: 'p2' } });
    expect(latestValuationOf([older, otherProperty, newer], 'p1')?.id).toBe('new');
    expect(latestValuationOf([newer, older], 'p1')?.id).toBe('new');
  });
  it("is none when the person has no valuation of it (someone else's property, or no id)", () => {
    expect(latestValuationOf([valuation()], 'someone-elses')).toBeNull();
    expect(latestValuationOf([], 'p1')).toBeNull();
    expect(latestValuationOf(undefined, 'p1')).toBeNull();
    expect(latestValuationOf([valuation()], null)).toBeNull();
  });
});

describe('the form filled from the last assessment', () => {
  it('has the property on step 1 and the ratings on step 2', () => {
    const form = prefillWizardForm(valuation());
    expect(form).toMatchObject({
      purpose: 'selling',
      address: '12 Karori Road',
      suburb: 'Karori',
      city: 'Wellington',
      propertyType: 'townhouse',
      floorArea: '150',
      landArea: '500',
      bedrooms: '3',
      bathrooms: '2',
      rateableValue: '900000',
    });
    expect(form.conditionScores.kitchen).toBe(5);
    expect(form.conditionScores.roofing).toBe(4);
    expect(form.conditionScores.bathroom).toBe(2);
    expect(Object.keys(form.conditionScores).sort()).toEqual([...conditionKeys].sort());
    expect(conditionKeys.filter((k) => !['kitchen', 'roofing', 'bathroom'].includes(k)).every((k) => form.conditionScores[k] === 0)).toBe(true);
  });
  it('passes step 1 and makes a request the server accepts, the same facts as before', () => {
    const form = prefillWizardForm(valuation());
    expect(validatePropertyDetails(form)).toEqual({});
    const request = toValuationRequest(form);
    expect(ValuationRequest.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({ address: '12 Karori Road', city: 'Wellington', propertyType: 'townhouse', floorArea: 150, landArea: 500, bedrooms: 3, bathrooms: 2, rateableValue: 900_000 });
    expect(request.conditionScores).toMatchObject({ kitchen: 5, roofing: 4, bathroom: 2 });
  });
  it('leaves what was not recorded empty, and a valuation without a type is of a house', () => {
    const form = prefillWizardForm(
      valuation({ property: { propertyType: undefined, floorArea: null, landArea: null, bedrooms: null, bathrooms: null, rateableValue: null, suburb: '' }, conditionScores: {} }),
    );
    expect(form).toMatchObject({ propertyType: 'house', floorArea: '', landArea: '', bedrooms: '', bathrooms: '', rateableValue: '', suburb: '' });
    expect(form.conditionScores).toEqual(emptyWizardForm().conditionScores);
  });
  it("keeps an apartment's 0 m² of land", () => {
    expect(prefillWizardForm(valuation({ property: { propertyType: 'apartment', landArea: 0 } })).landArea).toBe('0');
  });
  it('is a new object each time: editing it changes nothing of the valuation', () => {
    const v = valuation();
    const form = prefillWizardForm(v);
    form.conditionScores.kitchen = 1;
    expect(v.conditionScores.kitchen).toBe(5);
  });
});

describe('counts as the form’s buttons', () => {
  it('maps 5 or more bedrooms to 5+, 4 or more bathrooms to 4+, none or 0 to no choice', () => {
    expect(countToChoice(2, bedroomChoices)).toBe('2');
    expect(countToChoice(5, bedroomChoices)).toBe('5+');
    expect(countToChoice(7, bedroomChoices)).toBe('5+');
    expect(countToChoice(4, bathroomChoices)).toBe('4+');
    expect(countToChoice(6, bathroomChoices)).toBe('4+');
    expect(countToChoice(0, bedroomChoices)).toBe('');
    expect(countToChoice(null, bedroomChoices)).toBe('');
  });
});

describe('ratings for the form', () => {
  it('keeps the known categories, each a whole number from 0 to 5', () => {
    const scores = scoresForForm({ kitchen: 4.6, roofing: 9, bathroom: -2, notACategory: 3 });
    expect(scores.kitchen).toBe(5);
    expect(scores.roofing).toBe(5);
    expect(scores.bathroom).toBe(0);
    expect('notACategory' in scores).toBe(false);
  });
});

describe('what the person is told', () => {
  it('names the address and the date of the last assessment', () => {
    const v = valuation();
    expect(prefillNotice(v)).toBe(
      `Filled in from your last assessment of 12 Karori Road on ${formatDateNZ(v.createdAt)}; change anything that is different now.`,
    );
  });
});

describe("the update's property in the navigation", () => {
  it('is read from state.assessmentPropertyId only', () => {
    expect(assessmentPropertyIdOf({ assessmentPropertyId: 'p1' })).toBe('p1');
    expect(assessmentPropertyIdOf({ assessmentPropertyId: null })).toBeNull();
    expect(assessmentPropertyIdOf({ assessmentPropertyId: ' ' })).toBeNull();
    expect(assessmentPropertyIdOf({ startAssessment: true })).toBeNull();
    expect(assessmentPropertyIdOf(null)).toBeNull();
    expect(assessmentPropertyIdOf('p1')).toBeNull();
  });
});
