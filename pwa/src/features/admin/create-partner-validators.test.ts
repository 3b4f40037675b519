import { describe, expect, it } from 'vitest';
import { CreatePartnerRequest } from '@kainga/contracts';
import type { FieldValidator } from '../../forms/validators';
import { createPartnerValidators as v } from './create-partner-validators';

type Schema = { safeParse(x: unknown): { success: boolean; error?: { issues: { message: string }[] } } };
function same(validator: FieldValidator, schema: Schema, values: unknown[]) {
  for (const x of values) {
    const r = schema.safeParse(x);
    expect(validator(x), JSON.stringify(x)).toBe(r.success ? null : (r.error?.issues[0]?.message ?? 'invalid'));
  }
}

describe('create-partner validators match CreatePartnerRequest', () => {
  const s = CreatePartnerRequest.shape;
  it('person', () => {
    same(v.email, s.email, ['', 'Aroha@Example.nz', ' a@b.co ', 'nope', undefined]);
    same(v.firstName, s.firstName, ['', ' ', 'Aroha', 'x'.repeat(101), undefined]);
    same(v.lastName, s.lastName, ['', 'Ngata', 'x'.repeat(101)]);
  });
  it('role, location and business', () => {
    same(v.roleId, s.roleId, [undefined, '', 'property_manager']);
    same(v.locationId, s.locationId, [undefined, '', 'auckland']);
    same(v.businessName, s.businessName, [undefined, '', 'x', ' xy ', 'x'.repeat(200), 'x'.repeat(201)]);
    same(v.licenseNumber, s.licenseNumber, [undefined, null, '', 'L-1', 'x'.repeat(101)]);
  });
  it('experience years: an optional whole number 0-50', () => {
    same(v.experienceYears, s.experienceYears, [undefined, null, -1, 0, 2.5, 50, 51]);
  });
});
