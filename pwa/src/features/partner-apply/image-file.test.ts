import { describe, expect, it } from 'vitest';
import { checkEnquiryImage, ENQUIRY_IMAGE_MAX_BYTES, uploadTargets } from './image-file';

describe('checkEnquiryImage', () => {
  it('accepts jpeg, jpg, png and webp up to 200KB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']) {
      expect(checkEnquiryImage({ name: 'a', type, size: ENQUIRY_IMAGE_MAX_BYTES }, 'company')).toBeNull();
    }
    expect(checkEnquiryImage({ name: 'logo.WEBP', type: '', size: 10 }, 'profile')).toBeNull();
  });
  it('refuses a file over 200KB with the form’s messages', () => {
    expect(checkEnquiryImage({ name: 'a.png', type: 'image/png', size: 200 * 1024 + 1 }, 'company')).toEqual({
      title: 'File Too Large',
      description: 'Company image must be under 200KB',
    });
    expect(checkEnquiryImage({ name: 'a.png', type: 'image/png', size: 300_000 }, 'profile')?.description).toBe('Profile image must be under 200KB');
  });
  it('refuses other types', () => {
    expect(checkEnquiryImage({ name: 'a.gif', type: 'image/gif', size: 10 }, 'company')?.title).toBe('Upload Failed');
    expect(checkEnquiryImage({ name: 'a.svg', type: '', size: 10 }, 'company')?.title).toBe('Upload Failed');
    expect(checkEnquiryImage({ name: 'noext', type: '', size: 10 }, 'company')?.title).toBe('Upload Failed');
  });
  it('uploads each kind to its route and field', () => {
    expect(uploadTargets.company).toEqual({ url: '/api/upload/company-image', field: 'companyImage' });
    expect(uploadTargets.profile).toEqual({ url: '/api/upload/profile-image?form=enquiry', field: 'profileImage' });
  });
});
