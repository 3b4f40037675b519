import { describe, expect, it } from 'vitest';
import { PartnerProfileUpdateRequest } from '@kainga/contracts';
import { imageProblem, profileFormFields, profileUpdateBody, profileValidators, type ProfileFormValues } from './profile-form';

const valid: ProfileFormValues = {
  firstName: 'Aroha',
  lastName: 'Ngata',
  businessName: 'Ngata Mortgages',
  contactEmail: 'aroha@ngata.nz',
  licenseNumber: '',
  contactPhone: ' 021 555 0101 ',
  businessDescription: null,
  bio: undefined,
  experienceYears: 12,
  officeSize: null,
  videoLink: '',
};

/** The schema's first message for one field of a body built from `values`. */
function schemaMessage(values: ProfileFormValues, field: string): string | null {
  const result = PartnerProfileUpdateRequest.safeParse(profileUpdateBody(values, 'mortgage_broker', { profileImage: null, companyImage: null }));
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}

describe('the Edit Profile body', () => {
  it('is what PUT /api/partner/profile accepts: trimmed, blanks as null, the role and image paths', () => {
    const body = profileUpdateBody(valid, 'mortgage_broker', { profileImage: '/api/uploads/profile-images/a.webp', companyImage: null });
    expect(PartnerProfileUpdateRequest.parse(body)).toEqual(body);
    expect(body).toMatchObject({ role: 'mortgage_broker', contactPhone: '021 555 0101', licenseNumber: null, bio: null, videoLink: null, experienceYears: 12, officeSize: null });
  });
});

describe('the Edit Profile rules agree with the contract', () => {
  const cases: [keyof ProfileFormValues, unknown][] = [
    ['firstName', ' '],
    ['lastName', ''],
    ['businessName', ''],
    ['businessName', 'x'.repeat(201)],
    ['contactEmail', 'not-an-email'],
    ['licenseNumber', 'x'.repeat(101)],
    ['contactPhone', '1'.repeat(41)],
    ['businessDescription', 'x'.repeat(2001)],
    ['bio', 'x'.repeat(3001)],
    ['experienceYears', -1],
    ['experienceYears', 51],
    ['experienceYears', 2.5],
    ['officeSize', 0],
    ['officeSize', 1001],
    ['videoLink', 'www.example.com'],
  ];
  it.each(cases)('%s = %j', (field, value) => {
    const values = { ...valid, [field]: value } as ProfileFormValues;
    const expected = schemaMessage(values, field);
    expect(expected).not.toBeNull();
    expect(profileValidators[field](value)).toBe(expected);
  });
  it('says the limit of a number typed beyond it (the field keeps 60 and 0; nothing is clamped)', () => {
    expect(profileValidators.experienceYears(60)).toBe('Experience cannot exceed 50 years');
    expect(profileValidators.officeSize(0)).toBe('Office size must be at least 1 person');
    expect(profileUpdateBody({ ...valid, experienceYears: 60 }, 'mortgage_broker', { profileImage: null, companyImage: null }).experienceYears).toBe(60);
  });
  it('accepts every field of a valid profile', () => {
    for (const field of profileFormFields) expect(profileValidators[field](valid[field]), field).toBeNull();
    expect(profileValidators.videoLink('https://youtu.be/abc')).toBeNull();
  });
});

describe('the profile image', () => {
  it('must be a JPEG, PNG or WebP of at most 300KB', () => {
    expect(imageProblem({ size: 300 * 1024, type: 'image/png' })).toBeNull();
    expect(imageProblem({ size: 300 * 1024 + 1, type: 'image/jpeg' })).toEqual({ title: 'File Too Large', message: 'Please select an image smaller than 300KB.' });
    expect(imageProblem({ size: 10, type: 'image/gif' })?.title).toBe('Upload Failed');
  });
});
