import { theme as antdTheme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { sameSeed, withPrecomputed } from './theme-derivative';
import { deriveTheme, themeSeed, themeToken } from './theme';

describe('the theme algorithm with a precomputed answer', () => {
  const seed = themeSeed();
  const built = { seed, map: deriveTheme(seed) };

  it('answers the build\'s seed from the build, without deriving it again', () => {
    const compute = vi.fn(deriveTheme);
    const algorithm = withPrecomputed(compute, built);
    expect(algorithm({ ...seed })).toEqual(deriveTheme(seed));
    expect(compute).not.toHaveBeenCalled();
  });

  it('hands out a copy, so a change by antd never reaches the next call', () => {
    const algorithm = withPrecomputed(deriveTheme, built);
    const first = algorithm(seed) as unknown as Record<string, unknown>;
    first.colorPrimary = '#000000';
    expect(algorithm(seed).colorPrimary).toBe(built.map.colorPrimary);
  });

  it('derives any other seed', () => {
    const other = { ...seed, colorPrimary: '#1677ff' };
    const algorithm = withPrecomputed(deriveTheme, built);
    expect(algorithm(other)).toEqual(deriveTheme(other));
    expect(withPrecomputed(deriveTheme, null)(seed)).toEqual(deriveTheme(seed));
  });

  it('is the seed antd gives the algorithm for the app\'s theme', () => {
    const given = vi.fn(deriveTheme);
    antdTheme.getDesignToken({ algorithm: given, token: themeToken });
    expect(sameSeed(given.mock.calls[0]![0], seed)).toBe(true);
  });
});

describe('sameSeed', () => {
  const seed = themeSeed();
  it('ignores key order and tells a changed or extra value apart', () => {
    expect(sameSeed(Object.fromEntries(Object.entries(seed).reverse()) as typeof seed, seed)).toBe(true);
    expect(sameSeed({ ...seed, borderRadius: 6 }, seed)).toBe(false);
    expect(sameSeed({ ...seed, extra: 1 } as typeof seed, seed)).toBe(false);
  });
});
