import { describe, expect, it } from 'vitest';
import { reportTitle } from './report-title';

describe('reportTitle', () => {
  it("reads the document's title, unescaped", () => {
    expect(reportTitle('<html><head><title>Valuation report — 12 O&#39;Neill &amp; Co Road</title></head></html>')).toBe("Valuation report — 12 O'Neill & Co Road");
  });
  it('is null without one', () => {
    expect(reportTitle('<p>no title</p>')).toBeNull();
    expect(reportTitle('<title> </title>')).toBeNull();
  });
});
