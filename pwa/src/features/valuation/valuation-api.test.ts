import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { ValuationClientTimeout, researchFailureMessage, valuationFailureMessage } from './valuation-api';

const apiError = (status: number, body: unknown) => new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Status');

describe('valuation failure messages', () => {
  it('client time-out', () => {
    expect(valuationFailureMessage(new ValuationClientTimeout())).toBe(
      'Property valuation is taking longer than expected. Please try again later or contact support if this persists.',
    );
  });
  it("504: the server's message, else the spec's time-out text", () => {
    expect(valuationFailureMessage(apiError(504, { message: 'Too slow today.' }))).toBe('Too slow today.');
    expect(valuationFailureMessage(apiError(504, ''))).toBe(
      'The valuation is taking longer than expected. This might be due to complex market research. Please try again.',
    );
  });
  it("others: the server's message, default 'Failed to create valuation. Please try again.'", () => {
    expect(valuationFailureMessage(apiError(422, { message: 'Not enough information to estimate.' }))).toBe('Not enough information to estimate.');
    expect(valuationFailureMessage(apiError(500, 'oops'))).toBe('Failed to create valuation. Please try again.');
    expect(valuationFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to create valuation. Please try again.');
  });
  it("research: the message, default 'Failed to research comparable properties'", () => {
    expect(researchFailureMessage(apiError(400, { message: 'Invalid body: City is required' }))).toBe('Invalid body: City is required');
    expect(researchFailureMessage(new Error('x'))).toBe('Failed to research comparable properties');
  });
});
