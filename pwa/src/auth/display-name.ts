/** What the header shows for a user (consumer spec "Header, footer and shared chrome"). */
export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const clean = (s: string | null | undefined) => (s ?? '').trim();

/** The full name, else the e-mail, else 'User'. */
export function displayName(user: NamedUser | null | undefined): string {
  const full = [clean(user?.firstName), clean(user?.lastName)].filter(Boolean).join(' ');
  return full || clean(user?.email) || 'User';
}

/** Initials of first and last name; fallback the first letter of the e-mail, else 'U'. */
export function initials(user: NamedUser | null | undefined): string {
  const fromName = [clean(user?.firstName), clean(user?.lastName)]
    .map((part) => Array.from(part)[0] ?? '')
    .join('')
    .toUpperCase();
  if (fromName) return fromName;
  const emailFirst = Array.from(clean(user?.email))[0];
  return emailFirst ? emailFirst.toUpperCase() : 'U';
}
