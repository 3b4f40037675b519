import { describe, expect, it } from 'vitest';
import { placeKeys } from './properties';
import { searchKey, startsWith } from './search-key';

describe('searchKey', () => {
  it('drops accents and macrons, case and extra spaces', () => {
    expect(searchKey('  Rēwi   PĀRATA ')).toBe('rewi parata');
    expect(searchKey('Zoë Ōtāhuhu')).toBe('zoe otahuhu');
    expect(searchKey('Aroha 🏡 Ngata')).toBe('aroha ngata');
  });

  it('bounds a prefix so that every longer string starting with it is inside, and nothing else', () => {
    const { $gte, $lt } = startsWith('ngata');
    const inside = (s: string) => s >= $gte && s < $lt;
    expect(['ngata', 'ngata aroha', 'ngatapa', `ngata${'\u{ffef}'}`].every(inside)).toBe(true);
    expect(['ngat', 'ngatb', 'nga ta', 'aroha ngata'].some(inside)).toBe(false);
  });
});

describe('placeKeys', () => {
  it('keeps the address with and without its number, the suburb and the city', () => {
    expect(placeKeys({ address: '12A Kauri Street', suburb: 'Ōtāhuhu', city: 'Auckland' })).toEqual({
      addressKey: '12a kauri street',
      streetKey: 'kauri street',
      suburbKey: 'otahuhu',
      cityKey: 'auckland',
    });
    expect(placeKeys({ address: '3/45 Main Road', suburb: 'Te Aro', city: 'Wellington' }).streetKey).toBe('main road');
    expect(placeKeys({ address: 'Flat 2, 10 Queen St', suburb: 'CBD', city: 'Auckland' }).streetKey).toBe('flat 2, 10 queen st');
  });
});
