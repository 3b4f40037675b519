import { describe, expect, it } from 'vitest';
import { addressKey } from './security';

describe('addressKey (whom the per-address limits count)', () => {
  it('counts an IPv6 address by its /64, an IPv4-mapped one as IPv4, and IPv4 as it is', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::');
    expect(addressKey('2001:DB8:1:2:ffff::1')).toBe(addressKey('2001:db8:1:2::9'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
