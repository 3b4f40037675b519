import { describe, expect, it } from 'vitest';
import { ApplyApplicationRequest, EnquiryApplicationRequest } from '@kainga/contracts';
import type { FieldValidator } from '../../forms/validators';
import { applyValidators, enquiryValidators } from './application-validators';

type Schema = { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } };
const schemaMessage = (schema: Schema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? 'invalid');
};
function same(validator: FieldValidator, schema: Schema, values: unknown[]) {
  for (const v of values) expect(validator(v), JSON.stringify(v)).toBe(schemaMessage(schema, v));
}

const texts = (lengths: number[]) => [undefined, null, '', '   ', ...lengths.map((n) => 'x'.repeat(n)), ...lengths.map((n) => ` ${'y'.repeat(n)} `)];
const emails = ['', 'aroha@example.nz', ' Aroha@Example.co.nz ', 'nope', 'a@b', `${'x'.repeat(250)}@example.nz`, undefined];
const numbers = [undefined, null, -1, 0, 0.5, 1, 10, 49.5, 50, 51, 1000, 1001, Number.NaN];

describe('/apply validators match ApplyApplicationRequest', () => {
  const s = ApplyApplicationRequest.shape;
  it('role and location choices', () => {
    same(applyValidators.requestedRoleId, s.requestedRoleId, [undefined, '', 'mortgage_broker', 'property_manager']);
    same(applyValidators.requestedLocationId, s.requestedLocationId, [undefined, '', 'auckland']);
  });
  it('texts', () => {
    same(applyValidators.businessName, s.businessName, texts([1, 2, 200, 201]));
    same(applyValidators.contactPhone, s.contactPhone, texts([10, 40, 41]));
    same(applyValidators.licenseNumber, s.licenseNumber, texts([5, 100, 101]));
    same(applyValidators.businessDescription, s.businessDescription, texts([9, 10, 500, 501]));
    same(applyValidators.contactEmail, s.contactEmail, emails);
  });
  it('experience years', () => same(applyValidators.experienceYears, s.experienceYears, numbers));
  it('uses the spec texts', () => {
    expect(applyValidators.businessDescription('short')).toBe('Please provide a business description');
    expect(applyValidators.businessDescription('x'.repeat(501))).toBe('Description too long');
    expect(applyValidators.contactEmail('x')).toBe('Valid email is required');
  });
});

describe('/partner-enquiry validators match EnquiryApplicationRequest', () => {
  const s = EnquiryApplicationRequest.shape;
  it('texts', () => {
    same(enquiryValidators.businessName, s.businessName, texts([1, 2, 200, 201]));
    same(enquiryValidators.contactPhone, s.contactPhone, texts([9, 10, 40, 41]));
    same(enquiryValidators.licenseNumber, s.licenseNumber, texts([100, 101]));
    same(enquiryValidators.businessDescription, s.businessDescription, texts([49, 50, 2000, 2001]));
    same(enquiryValidators.bio, s.bio, texts([99, 100, 3000, 3001]));
    same(enquiryValidators.contactEmail, s.contactEmail, emails);
  });
  it('numbers', () => {
    same(enquiryValidators.experienceYears, s.experienceYears, numbers);
    same(enquiryValidators.officeSize, s.officeSize, numbers);
  });
  it('says an empty required number is required, not out of range', () => {
    for (const empty of [undefined, null]) {
      expect(enquiryValidators.experienceYears(empty)).toBe('Enter your years of experience');
      expect(enquiryValidators.officeSize(empty)).toBe('Enter how many people work in your office');
    }
    expect(enquiryValidators.experienceYears(-1)).toBe('Experience must be 0 or more years');
    expect(enquiryValidators.officeSize(0)).toBe('Office size must be at least 1 person');
  });
  it('choices', () => {
    same(enquiryValidators.requestedRoleId, s.requestedRoleId, [undefined, '', 'registered_valuer']);
    same(enquiryValidators.requestedLocationIds, s.requestedLocationIds, [undefined, [], ['auckland'], Array.from({ length: 50 }, (_, i) => `l${i}`), Array.from({ length: 51 }, (_, i) => `l${i}`)]);
  });
  it('video link', () => {
    same(enquiryValidators.videoLink, s.videoLink, [undefined, null, '', '  ', 'https://youtu.be/x', 'http://a', 'ftp://x', 'not a url', 'https://a b', `https://${'x'.repeat(500)}`]);
  });
  it('uses the spec texts', () => {
    expect(enquiryValidators.officeSize(0)).toBe('Office size must be at least 1 person');
    expect(enquiryValidators.officeSize(1001)).toBe('Office size cannot exceed 1000 people');
    expect(enquiryValidators.experienceYears(51)).toBe('Experience cannot exceed 50 years');
    expect(enquiryValidators.videoLink('x')).toBe('Please enter a valid URL');
  });
});
