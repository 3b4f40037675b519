/**
 * The contact-partner dialog's form (consumer spec §2, §3 "Partner contact message", §6): name,
 * email and message are required, the phone is optional.
 */
export interface ContactForm {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export const emptyContactForm: ContactForm = { name: '', email: '', phone: '', message: '' };

/** The signed-in sender's name and email typed in for them (still editable); a signed-out visitor starts empty. */
export function contactFormFor(user: { firstName: string; lastName: string; email: string } | null): ContactForm {
  if (!user) return emptyContactForm;
  return { ...emptyContactForm, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}

/**
 * The form as shown: what the sender typed, over the user's name and email. Kept apart, so a user
 * known only after the dialog opened still fills it, and a field the sender cleared stays cleared.
 */
export const contactFormWith = (user: Parameters<typeof contactFormFor>[0], typed: Partial<ContactForm>): ContactForm => ({ ...contactFormFor(user), ...typed });

export const MISSING_TITLE = 'Missing information';
export const MISSING_TEXT = 'Please fill in all required fields.';
export const SENT_TITLE = 'Message sent!';
export const sentText = (partnerName: string) => `Your inquiry has been sent to ${partnerName}. They will contact you shortly.`;
export const FAILED_TITLE = 'Failed to send message';
export const FAILED_TEXT = 'Please try again or contact the partner directly.';

/** Whether a required field is empty (blank counts as empty). */
export function missingRequired(form: ContactForm): boolean {
  return !form.name.trim() || !form.email.trim() || !form.message.trim();
}

/** The body of POST /api/partners/{id}/contact: trimmed, an empty phone left out. */
export function contactBody(form: ContactForm): { name: string; email: string; phone?: string; message: string } {
  const phone = form.phone.trim();
  return { name: form.name.trim(), email: form.email.trim(), ...(phone ? { phone } : {}), message: form.message.trim() };
}
