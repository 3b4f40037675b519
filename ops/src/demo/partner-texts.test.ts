import { describe, expect, it } from 'vitest';
import { bioOf, demoPartners, descriptionOf } from './partners-demo';

describe("a demo partner's description and bio", () => {
  const aria = demoPartners.find((p) => p.firstName === 'Aria')!;

  it('counts people and years in the form the count takes', () => {
    const one = { ...aria, officeSize: 1, experienceYears: 1, locations: ['auckland'] };
    expect(descriptionOf(one)).toContain('is a demo business: 1 person in Auckland offering');
    expect(bioOf(one)).toContain('with 1 year in home loans');
    const many = { ...aria, officeSize: 6, experienceYears: 12 };
    expect(descriptionOf(many)).toContain('is a demo business: 6 people in Auckland and Hamilton offering');
    expect(bioOf(many)).toContain('with 12 years in home loans');
  });

  it('never reads "1 people" or "1 years" for any demo partner', () => {
    for (const partner of demoPartners) {
      for (const text of [descriptionOf(partner), bioOf(partner)]) expect(text, partner.email).not.toMatch(/\b1 (people|years)\b/);
    }
  });
});
