import { describe, expect, it } from 'vitest';
import { PartnerDialogRequest } from '@kainga/contracts';
import { contactBody, contactFormFor, contactFormWith, emptyContactForm, missingRequired, sentText } from './contact-form';

describe('the contact-partner form', () => {
  const filled = { name: 'Aroha Smith', email: 'aroha@example.nz', phone: '', message: 'Could you value my home?' };

  it('needs name, email and message; phone is optional', () => {
    expect(missingRequired(emptyContactForm)).toBe(true);
    expect(missingRequired(filled)).toBe(false);
    expect(missingRequired({ ...filled, name: '  ' })).toBe(true);
    expect(missingRequired({ ...filled, email: '' })).toBe(true);
    expect(missingRequired({ ...filled, message: '\n' })).toBe(true);
  });

  it('sends a body the server accepts, leaving an empty phone out', () => {
    expect(contactBody({ ...filled, name: ' Aroha Smith ' })).toEqual({ name: 'Aroha Smith', email: 'aroha@example.nz', message: 'Could you value my home?' });
    expect(contactBody({ ...filled, phone: ' 021 555 0101 ' }).phone).toBe('021 555 0101');
    expect(PartnerDialogRequest.safeParse(contactBody(filled)).success).toBe(true);
    expect(PartnerDialogRequest.safeParse(contactBody({ ...filled, phone: '021 555 0101' })).success).toBe(true);
  });

  it('starts with a signed-in sender’s name and email, keeping what was typed (a cleared field too)', () => {
    const user = { firstName: 'Kiri', lastName: 'Walker', email: 'kiri@example.nz' };
    expect(contactFormFor(user)).toEqual({ name: 'Kiri Walker', email: 'kiri@example.nz', phone: '', message: '' });
    expect(contactFormFor({ ...user, lastName: '' }).name).toBe('Kiri');
    expect(contactFormFor(null)).toEqual(emptyContactForm);
    expect(contactFormWith(user, { name: 'K. Walker', message: 'Hello' })).toEqual({ name: 'K. Walker', email: 'kiri@example.nz', phone: '', message: 'Hello' });
    expect(contactFormWith(user, { email: '' }).email).toBe('');
    expect(contactFormWith(null, { message: 'Hi' })).toEqual({ ...emptyContactForm, message: 'Hi' });
  });

  it('thanks the sender naming the partner', () => {
    expect(sentText('Aroha Smith')).toBe('Your inquiry has been sent to Aroha Smith. They will contact you shortly.');
  });
});
