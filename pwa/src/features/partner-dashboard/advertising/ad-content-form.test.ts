import { describe, expect, it } from 'vitest';
import { AdContentRequest, type AdContentView } from '@kainga/contracts';
import { AD_IMAGE_MAX_BYTES, adContentBody, adImageProblem, adContentFormValues, adContentStatusBadges, adContentValidators, newAdContentValues, statusToggle, type AdContentFormValues } from './ad-content-form';

const valid: AdContentFormValues = {
  subscriptionId: 'sub-1',
  title: ' Free mortgage health check ',
  description: 'Talk to a broker who knows Nelson.',
  ctaText: '',
  ctaUrl: ' https://example.nz/check ',
};

/** The schema's first message for one field of a body built from `values`. */
function schemaMessage(values: AdContentFormValues, field: string): string | null {
  const result = AdContentRequest.safeParse(adContentBody(values, null));
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}

describe('the advert body', () => {
  it('is what POST /api/partner/ad-content accepts: trimmed, the default button text, the image path', () => {
    const body = adContentBody(valid, '/api/uploads/ad-images/a1.webp');
    expect(AdContentRequest.parse(body)).toEqual(body);
    expect(body).toMatchObject({ title: 'Free mortgage health check', ctaText: 'Learn More', ctaUrl: 'https://example.nz/check', imageUrl: '/api/uploads/ad-images/a1.webp' });
    expect(adContentBody(valid, null).imageUrl).toBeNull();
  });
  it('starts a new advert with Learn More, and edits an existing one with its values', () => {
    expect(newAdContentValues('sub-9')).toMatchObject({ subscriptionId: 'sub-9', ctaText: 'Learn More' });
    const ad = { subscriptionId: 's', title: 't', description: 'd', ctaText: 'Call us', ctaUrl: 'https://x.nz' } as AdContentView;
    expect(adContentFormValues(ad)).toEqual({ subscriptionId: 's', title: 't', description: 'd', ctaText: 'Call us', ctaUrl: 'https://x.nz' });
  });
});

describe('the advert rules agree with the contract', () => {
  const cases: [keyof AdContentFormValues, string][] = [
    ['subscriptionId', ''],
    ['title', '  '],
    ['title', 'x'.repeat(101)],
    ['description', ''],
    ['description', 'x'.repeat(501)],
    ['ctaText', 'x'.repeat(51)],
    ['ctaUrl', 'example.nz'],
    ['ctaUrl', 'https://'],
    ['ctaUrl', 'ftp://example.nz'],
    ['ctaUrl', `https://example.nz/${'x'.repeat(500)}`],
  ];
  it.each(cases)('%s = %j gives the schema message', (field, value) => {
    const values = { ...valid, [field]: value };
    const expected = schemaMessage(values, field);
    expect(expected).not.toBeNull();
    expect(adContentValidators[field](value)).toBe(expected);
  });
  it('accepts the limits themselves', () => {
    const values = { ...valid, title: 'x'.repeat(100), description: 'x'.repeat(500), ctaText: 'x'.repeat(50) };
    expect(AdContentRequest.safeParse(adContentBody(values, null)).success).toBe(true);
    for (const field of ['title', 'description', 'ctaText', 'ctaUrl', 'subscriptionId'] as const) expect(adContentValidators[field](values[field])).toBeNull();
  });
});

describe('advert status', () => {
  it('badges every status, the rejected one to show with its reason', () => {
    expect(adContentStatusBadges.pending_approval.label).toBe('Pending approval');
    expect(adContentStatusBadges.rejected.label).toBe('Rejected');
  });
  it('pauses an active advert and resumes a paused one; nothing else switches', () => {
    expect(statusToggle('active')).toEqual({ to: 'paused', label: 'Pause' });
    expect(statusToggle('paused')).toEqual({ to: 'active', label: 'Resume' });
    expect(statusToggle('pending_approval')).toBeNull();
    expect(statusToggle('rejected')).toBeNull();
  });
});

describe('the advert image', () => {
  it('takes JPEG, PNG or WebP up to 500KB, as the upload route does', () => {
    expect(adImageProblem({ type: 'image/webp', size: AD_IMAGE_MAX_BYTES })).toBeNull();
    expect(adImageProblem({ type: 'image/png', size: AD_IMAGE_MAX_BYTES + 1 })).toEqual({ title: 'File Too Large', message: 'Advert image must be under 500KB' });
    expect(adImageProblem({ type: 'image/gif', size: 10 })).toEqual({ title: 'Upload Failed', message: 'Please choose a JPEG, PNG or WebP image.' });
  });
});
