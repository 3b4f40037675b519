import { describe, expect, it } from 'vitest';
import { ACTIVE_PARTNER_ROLE_KEY, restoreActivePartnerRole } from './active-partner-role';

describe('restoreActivePartnerRole (consumer spec §4)', () => {
  it('keeps the stored role while the user still holds it', () => {
    expect(restoreActivePartnerRole('registered_valuer', ['general', 'mortgage_broker', 'registered_valuer'])).toBe(
      'registered_valuer',
    );
  });
  it('otherwise makes the first held partner role active', () => {
    expect(restoreActivePartnerRole('property_manager', ['general', 'mortgage_broker', 'registered_valuer'])).toBe(
      'mortgage_broker',
    );
    expect(restoreActivePartnerRole(null, ['registered_valuer'])).toBe('registered_valuer');
    expect(restoreActivePartnerRole('nonsense', ['property_manager'])).toBe('property_manager');
  });
  it('is null without a partner role', () => {
    expect(restoreActivePartnerRole('mortgage_broker', ['general'])).toBeNull();
    expect(restoreActivePartnerRole('admin', ['admin'])).toBeNull();
    expect(restoreActivePartnerRole(null, undefined)).toBeNull();
  });
  it('is stored under activePartnerRole', () => {
    expect(ACTIVE_PARTNER_ROLE_KEY).toBe('activePartnerRole');
  });
});
