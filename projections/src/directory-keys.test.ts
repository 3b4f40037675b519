import { describe, expect, it } from 'vitest';
import { literalPattern, searchKeysOf, streetOf } from './directory-keys';
import { searchKey, startsWith } from './search-key';
import { directoryParts } from './property-directory';

describe('directory search keys', () => {
  it('normalises case, accents and white space', () => {
    expect(searchKey('  Whangārei\t CENTRAL ')).toBe('whangarei central');
    expect(searchKey('Ōtautahi')).toBe('otautahi');
    expect(searchKey('   ')).toBe('');
  });

  it('takes the street from an address less its numbers and unit words', () => {
    expect(streetOf('12 aro street')).toBe('aro street');
    expect(streetOf('3/45a queen street')).toBe('queen street');
    expect(streetOf('flat 2, 10 smith road')).toBe('smith road');
    expect(streetOf('unit 5 12 the terrace')).toBe('the terrace');
    expect(streetOf('aro street')).toBe('aro street');
    expect(streetOf('42')).toBe('42');
  });

  it('keeps address, suburb and city on separate lines of the searched text', () => {
    expect(searchKeysOf({ address: '12 Aro Street', suburb: 'Aro Valley', city: 'Wellington' })).toEqual({
      address: '12 aro street',
      street: 'aro street',
      suburb: 'aro valley',
      city: 'wellington',
      text: '12 aro street\naro valley\nwellington',
    });
  });

  it('reads a prefix as a range and text as a literal pattern', () => {
    const range = startsWith('aro');
    expect('aro' >= range.$gte && 'aro' < range.$lt).toBe(true);
    expect('aroha road' >= range.$gte && 'aroha road' < range.$lt).toBe(true);
    expect('arp' < range.$lt).toBe(false);
    expect('ar' >= range.$gte).toBe(false);
    expect(new RegExp(literalPattern('3/4.5 (a)*')).test('3/4.5 (a)*')).toBe(true);
    expect(new RegExp(literalPattern('.*')).test('anything')).toBe(false);
  });
});

describe('directory query parts', () => {
  it('reads everything public, or one city, newest first when nothing is typed', () => {
    expect(directoryParts({})).toEqual([{ filter: { hidden: false }, sort: { createdAt: -1, _id: 1 }, everything: true }]);
    expect(directoryParts({ search: '  ', city: 'Nelson' })).toEqual([{ filter: { hidden: false, city: 'Nelson' }, sort: { createdAt: -1, _id: 1 } }]);
  });

  it("tests a city's properties for the substring", () => {
    expect(directoryParts({ search: 'Te  Aro', city: 'Wellington' })).toEqual([{ filter: { hidden: false, city: 'Wellington', 'search.text': { $regex: 'te aro' } }, sort: { createdAt: -1, _id: 1 } }]);
  });

  it('searches all cities for the same substring, newest first (issue 49)', () => {
    expect(directoryParts({ search: 'Onsonby' })).toEqual([{ filter: { hidden: false, 'search.text': { $regex: 'onsonby' } }, sort: { createdAt: -1, _id: 1 } }]);
    // The typed text is a literal: regular-expression characters are escaped.
    expect(directoryParts({ search: '3/4.5 (A)' })[0]!.filter).toEqual({ hidden: false, 'search.text': { $regex: '3/4\\.5 \\(a\\)' } });
  });
});
