import { describe, expect, it } from 'vitest';
import { mobileMenuEntries, showsStartAssessment, userMenuEntries } from './menu-items';
import { isDismissSwipe, isToastHotkey } from './toast-gestures';

const labels = (entries: { label: string }[]) => entries.map((e) => e.label);

describe('user dropdown (consumer spec "Header, footer and shared chrome")', () => {
  it('general user', () => {
    expect(labels(userMenuEntries(['general']))).toEqual(['Home', 'Become a Partner', 'Messages', 'Profile Settings', 'Sign Out']);
  });
  it('a user record without roles is treated as general', () => {
    expect(labels(userMenuEntries([]))).toContain('Become a Partner');
  });
  it('admin', () => {
    expect(labels(userMenuEntries(['admin']))).toEqual(['Home', 'Admin Dashboard', 'Messages', 'Profile Settings', 'Sign Out']);
  });
  it('partner', () => {
    expect(labels(userMenuEntries(['mortgage_broker']))).toEqual([
      'Home',
      'Partner Dashboard',
      'Messages',
      'Profile Settings',
      'Sign Out',
    ]);
  });
  it('sign out is a full-page navigation to /api/logout', () => {
    const out = userMenuEntries(['general']).at(-1);
    expect(out).toMatchObject({ to: '/api/logout', external: true });
  });
});

describe('mobile sheet', () => {
  it('signed out', () => {
    expect(labels(mobileMenuEntries(false, undefined))).toEqual(['Home', 'Property Map', 'How It Works', 'Sign In']);
  });
  it('signed in admin + partner', () => {
    expect(labels(mobileMenuEntries(true, ['admin', 'registered_valuer']))).toEqual([
      'Home',
      'Property Map',
      'How It Works',
      'Messages',
      'Admin Dashboard',
      'Partner Dashboard',
      'Profile Settings',
      'Sign Out',
    ]);
  });
  it('signed in general', () => {
    expect(labels(mobileMenuEntries(true, ['general']))).toEqual([
      'Home',
      'Property Map',
      'How It Works',
      'Messages',
      'Become a Partner',
      'Profile Settings',
      'Sign Out',
    ]);
  });
});

describe('floating Start Assessment', () => {
  it('shows for visitors and general users, not for admins or partners', () => {
    expect(showsStartAssessment(undefined)).toBe(true);
    expect(showsStartAssessment(['general'])).toBe(true);
    expect(showsStartAssessment(['general', 'admin'])).toBe(false);
    expect(showsStartAssessment(['property_manager'])).toBe(false);
  });
});

describe('toast gestures', () => {
  it('a swipe right of 50 px or more dismisses', () => {
    expect(isDismissSwipe({ x: 10, y: 10 }, { x: 60, y: 12 })).toBe(true);
    expect(isDismissSwipe({ x: 10, y: 10 }, { x: 59, y: 10 })).toBe(false);
    expect(isDismissSwipe({ x: 60, y: 10 }, { x: 0, y: 10 })).toBe(false);
    expect(isDismissSwipe({ x: 0, y: 0 }, { x: 55, y: 80 })).toBe(false);
  });
  it('F8 is the hotkey', () => {
    expect(isToastHotkey({ key: 'F8' })).toBe(true);
    expect(isToastHotkey({ key: 'F8', ctrlKey: true })).toBe(false);
    expect(isToastHotkey({ key: 'F7' })).toBe(false);
  });
});
