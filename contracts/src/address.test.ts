import { describe, expect, it } from 'vitest';
import { ADDRESS_HINT, looksLikeAddress } from './address';
import { ValuationRequest } from './api/valuations';

const real = [
  '12 Kelburn Parade',
  '12 The Terrace',
  'Flat 3, 12 Kelburn Parade',
  'RD 2 Ōhaupō',
  '1/45 Queen St',
  '1/45 Queen St.',
  '3/45A Cuba Street',
  '15A Aro Street',
  '2A/15 Ponsonby Road',
  '12-14 Victoria Street',
  '12 Kōwhai Street',
  '5 Rātā Road',
  '14 Pōhutukawa Avenue',
  '123A Great North Road',
  '45 St Heliers Bay Road',
  '12 Mt Eden Road',
  '12 Queen Street, Auckland',
  'Level 2, 50 Customhouse Quay',
  'Unit 5, 120 Ōtaki Gorge Road, Ōtaki',
  'Apartment 12, 1 Blake Street',
  '7 O’Connell Street',
  "7 O'Connell Street",
  '8 Te Kōwhai Place',
  '1 Esplanade',
  '12 Broadway',
  '221 State Highway 1',
  'Lot 5 Smith Road',
  '14 A Very Long Comparable Street Name',
  '  12   Karori   Road  ',
  '12 Karori Road',
  '3 Test Street',
  '1 Wide Street',
  '30 Glenmore Street',
  '9 Queen Street',
  '1 Other Road',
  '12 Walk Street',
  '12 Report Lane',
  '1 Main St',
  // Text around a real address is the display's concern (it is escaped), not this rule's.
  '<script>alert(1)</script> 3 Rimu Road',
  // Decomposed accents (as some keyboards send them) count as the same letters.
  '4 Ōhiro Road'.normalize('NFD'),
];

const bogus = [
  '',
  '   ',
  'x',
  'asdf',
  'asdf asdf',
  '123',
  '123 456',
  '!!!!',
  '12 !!!!',
  '12 Road',
  '12 asdf',
  '12 x y',
  '1234567 Fake Road',
  'me@example.com',
  '12 me@example.nz Road',
  'https://example.com/12-queen-street',
  'www.example.nz 12 Queen Street',
  'example.co.nz 12 Queen Street',
  'PO Box 123, Wellington',
  'P.O. Box 45 Auckland',
  'Private Bag 3020, Rotorua',
  'Kelburn Parade',
  'The Terrace, Wellington',
  'a'.repeat(250) + ' 12 Road Street',
];

describe('looksLikeAddress', () => {
  it.each(real)('accepts %j', (address) => expect(looksLikeAddress(address)).toBe(true));
  it.each(bogus)('refuses %j', (address) => expect(looksLikeAddress(address)).toBe(false));
});

describe('ValuationRequest address', () => {
  const request = { purpose: 'buying', city: 'Wellington' };
  it('accepts a street address', () => expect(ValuationRequest.safeParse({ ...request, address: '12 Kelburn Parade' }).success).toBe(true));
  it('refuses what is not one, saying what to enter', () => {
    const result = ValuationRequest.safeParse({ ...request, address: 'asdf' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['address'], message: ADDRESS_HINT })]);
  });
  it('keeps saying an empty address is missing', () => {
    const result = ValuationRequest.safeParse({ ...request, address: '  ' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please enter a property address first.']);
  });
});
