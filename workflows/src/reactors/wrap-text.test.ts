import { describe, expect, it } from 'vitest';
import { oneLine, wrapText } from './wrap-text';

describe('wrapText', () => {
  it('breaks long lines at spaces, keeps short lines and blank lines', () => {
    expect(wrapText('one two three four', 9)).toBe('one two\nthree\nfour');
    expect(wrapText('short\n\nlines', 9)).toBe('short\n\nlines');
  });
  it('cuts a word longer than the width', () => {
    expect(wrapText('abcdefghij', 4)).toBe('abcd\nefgh\nij');
  });
  it('leaves no line over the width for a long message', () => {
    const text = wrapText(`${'word '.repeat(400)}\n${'x'.repeat(2000)}`);
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThanOrEqual(78);
  });
});

describe('oneLine', () => {
  it('turns line breaks into spaces', () => expect(oneLine('Aroha\r\nBcc: x@y.nz ')).toBe('Aroha Bcc: x@y.nz'));
});
