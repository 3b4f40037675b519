import { describe, expect, it } from 'vitest';
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
