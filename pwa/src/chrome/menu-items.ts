import { isAdmin, isGeneral, isPartner, type RoleName } from '@kainga/contracts/browser';

/** Full-page navigations (consumer spec §2): the server owns sign-in and sign-out. */
export const SIGN_IN_URL = '/api/login';
export const SIGN_OUT_URL = '/api/logout';

/**
 * The sign-in navigation. The server's GET /api/login redirects to /sign-in and honours
 * `returnTo`, so a visitor signing in from a screen comes back to it.
 */
export function signInUrl(returnTo?: string | null): string {
  return returnTo && returnTo !== '/' ? `${SIGN_IN_URL}?returnTo=${encodeURIComponent(returnTo)}` : SIGN_IN_URL;
}

export interface MenuEntry {
  key: string;
  label: string;
  to: string;
  /** a full-page navigation (server route) rather than a client-side one */
  external?: boolean;
}

const entry = (key: string, label: string, to: string, external = false): MenuEntry => ({ key, label, to, external });

/**
 * The user dropdown (consumer spec "Header, footer and shared chrome"): Home; Partner Dashboard
 * (partner roles); Become a Partner (role general); Admin Dashboard (admins); Messages;
 * Profile Settings; Sign Out.
 */
export function userMenuEntries(roles: readonly RoleName[] | null | undefined): MenuEntry[] {
  return [
    entry('home', 'Home', '/'),
    ...(isPartner(roles) ? [entry('partner-dashboard', 'Partner Dashboard', '/partner-dashboard')] : []),
    ...(isGeneral(roles) ? [entry('apply', 'Become a Partner', '/apply')] : []),
    ...(isAdmin(roles) ? [entry('admin', 'Admin Dashboard', '/admin')] : []),
    entry('messages', 'Messages', '/messages'),
    entry('profile', 'Profile Settings', '/profile'),
    entry('sign-out', 'Sign Out', SIGN_OUT_URL, true),
  ];
}

/**
 * The mobile sheet: Home, Property Map, How It Works; signed in: Messages, Admin Dashboard (admin),
 * Partner Dashboard or Become a Partner, Profile Settings, then Sign Out; signed out: Sign In.
 */
export function mobileMenuEntries(signedIn: boolean, roles: readonly RoleName[] | null | undefined): MenuEntry[] {
  const common = [entry('home', 'Home', '/'), entry('map', 'Property Map', '/map'), entry('how', 'How It Works', '/how-it-works')];
  if (!signedIn) return [...common, entry('sign-in', 'Sign In', SIGN_IN_URL, true)];
  return [
    ...common,
    entry('messages', 'Messages', '/messages'),
    ...(isAdmin(roles) ? [entry('admin', 'Admin Dashboard', '/admin')] : []),
    ...(isPartner(roles)
      ? [entry('partner-dashboard', 'Partner Dashboard', '/partner-dashboard')]
      : isGeneral(roles)
        ? [entry('apply', 'Become a Partner', '/apply')]
        : []),
    entry('profile', 'Profile Settings', '/profile'),
    entry('sign-out', 'Sign Out', SIGN_OUT_URL, true),
  ];
}

/** The 'Start Assessment' button (in the header) shows for everyone except admins and partner roles. */
export function showsStartAssessment(roles: readonly RoleName[] | null | undefined): boolean {
  return !isAdmin(roles) && !isPartner(roles);
}

/** The history state of a Start Assessment navigation: / then opens a fresh wizard. */
export const startAssessmentState = { startAssessment: true } as const;

/** Whether a location's state asks for a fresh assessment (see startAssessmentState). */
export function asksForNewAssessment(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { startAssessment?: unknown }).startAssessment === true;
}
