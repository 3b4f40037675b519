import { describe, expect, it } from 'vitest';
import { ctaHref, waitBriefly } from './cta-url';

describe('the call to action', () => {
  it('opens only web addresses', () => {
    expect(ctaHref('https://broker.example.nz/rates')).toBe('https://broker.example.nz/rates');
    expect(ctaHref(' http://example.nz ')).toBe('http://example.nz/');
    expect(ctaHref('javascript:alert(1)')).toBeNull();
    expect(ctaHref('example.nz')).toBeNull();
    expect(ctaHref(null)).toBeNull();
  });

  it('waits for the click record when it is quick', async () => {
    let recorded = false;
    await waitBriefly(Promise.resolve().then(() => (recorded = true)), 60_000);
    expect(recorded).toBe(true);
  });

  it('stops waiting for a record that never comes, and for one that fails', async () => {
    await expect(waitBriefly(new Promise(() => {}), 1)).resolves.toBeUndefined();
    await expect(waitBriefly(Promise.reject(new Error('down')), 60_000)).resolves.toBeUndefined();
  });
});
