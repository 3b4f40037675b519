import { describe, expect, it } from 'vitest';
import { Location } from './location';
import { findLocation, isInNz, normalizePlaceName, nzLocations, nzRegions } from './nz-locations';

describe('nzLocations', () => {
  it('holds about 90 towns and cities, Auckland first and Te Anau last', () => {
    expect(nzLocations.length).toBeGreaterThanOrEqual(85);
    expect(nzLocations.length).toBeLessThanOrEqual(95);
    expect(nzLocations[0]).toMatchObject({ id: 'auckland', cityName: 'Auckland', region: 'Auckland' });
    expect(nzLocations.at(-1)).toMatchObject({ id: 'te-anau', cityName: 'Te Anau', region: 'Southland' });
  });

  it('has unique ids and names, and every entry matches the Location schema', () => {
    expect(new Set(nzLocations.map((l) => l.id)).size).toBe(nzLocations.length);
    expect(new Set(nzLocations.map((l) => normalizePlaceName(l.cityName))).size).toBe(nzLocations.length);
    for (const l of nzLocations) {
      expect(Location.parse(l)).toEqual(l);
      expect(l.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('uses the sixteen regions, each at least once', () => {
    for (const l of nzLocations) expect(nzRegions).toContain(l.region);
    expect(new Set(nzLocations.map((l) => l.region)).size).toBe(16);
  });

  it('places every town inside New Zealand, to 4 decimals', () => {
    for (const l of nzLocations) {
      expect(isInNz(l.latitude, l.longitude), l.cityName).toBe(true);
      expect(Math.round(l.latitude * 1e4) / 1e4).toBe(l.latitude);
      expect(Math.round(l.longitude * 1e4) / 1e4).toBe(l.longitude);
    }
  });

  it('knows where the main centres are', () => {
    const near = (name: string, lat: number, lon: number) => {
      const l = findLocation(name)!;
      expect(Math.abs(l.latitude - lat) + Math.abs(l.longitude - lon), name).toBeLessThan(0.05);
    };
    near('Auckland', -36.85, 174.76);
    near('Wellington', -41.29, 174.78);
    near('Christchurch', -43.53, 172.64);
    near('Dunedin', -45.87, 170.5);
    near('Queenstown', -45.03, 168.66);
  });

  it('runs roughly from north to south after Auckland', () => {
    const rest = nzLocations.slice(1);
    const firstHalf = rest.slice(0, rest.length / 2).reduce((s, l) => s + l.latitude, 0) / (rest.length / 2);
    const secondHalf = rest.slice(rest.length / 2).reduce((s, l) => s + l.latitude, 0) / (rest.length - rest.length / 2);
    expect(firstHalf).toBeGreaterThan(secondHalf);
  });
});

describe('findLocation', () => {
  it('finds a city with or without macrons, any case, trimmed', () => {
    expect(findLocation('Whangārei')?.id).toBe('whangarei');
    expect(findLocation('Whangarei')?.cityName).toBe('Whangārei');
    expect(findLocation('  whangarei ')?.cityName).toBe('Whangārei');
    expect(findLocation('TAUPO')?.cityName).toBe('Taupō');
    expect(findLocation('te  kuiti')?.cityName).toBe('Te Kūiti');
    expect(findLocation("hawke's bay")).toBeUndefined();
    expect(findLocation('Palmerston North')?.region).toBe('Manawatū-Whanganui');
  });

  it('accepts the id and rejects unknown places', () => {
    expect(findLocation('te-anau')?.cityName).toBe('Te Anau');
    expect(findLocation('Wanganui')?.cityName).toBe('Whanganui');
    expect(findLocation('Mt Maunganui')?.cityName).toBe('Mount Maunganui');
    expect(findLocation('Sydney')).toBeUndefined();
    expect(findLocation('')).toBeUndefined();
  });
});
