import { describe, expect, it } from 'vitest';
import { badCharacterIn, badCharacterMessage } from './json-body';

describe('badCharacterIn', () => {
  it('finds a control character in a value or a key, and says where', () => {
    expect(badCharacterIn({ firstName: 'A\u0000B', lastName: 'C' })).toEqual({ path: 'firstName', character: 'U+0000', kind: 'control' });
    expect(badCharacterIn({ rows: [{ note: 'fine' }, { note: 'bell\u0007' }] })).toEqual({ path: 'rows[1].note', character: 'U+0007', kind: 'control' });
    expect(badCharacterIn({ ['bad\u001bkey']: 1 })).toEqual({ path: 'bad\u001bkey', character: 'U+001B', kind: 'control' });
    expect(badCharacterIn('\u007f')).toEqual({ path: '(the body)', character: 'U+007F', kind: 'control' });
  });

  it('finds an unpaired surrogate, high or low, alone, at either end or reversed, in a value or a key', () => {
    const lone = (text: string) => badCharacterIn({ name: text });
    expect(lone('\ud800')).toEqual({ path: 'name', character: 'U+D800', kind: 'unpaired surrogate' });
    expect(lone('A\udfffB')).toEqual({ path: 'name', character: 'U+DFFF', kind: 'unpaired surrogate' });
    expect(lone('end\udbff')?.character).toBe('U+DBFF');
    expect(lone('\udc00start')?.character).toBe('U+DC00');
    // A low half before a high one is two halves, each without its other.
    expect(lone('\ude00\ud83d')?.character).toBe('U+DE00');
    expect(lone('\ud83d\ude00\ud83d')?.character).toBe('U+D83D');
    expect(badCharacterIn({ list: ['ok', { ['key\ud800']: 'x' }] })).toEqual({ path: 'list[1].key\ud800', character: 'U+D800', kind: 'unpaired surrogate' });
  });

  it('lets tabs, line breaks, whole characters (emoji are surrogate pairs), U+FFFD and other types pass', () => {
    expect(badCharacterIn({ message: 'line one\r\nline two\ttabbed', name: 'Māori ō — “quoted”', n: 3, ok: true, none: null, list: [1, 'two'] })).toBeNull();
    expect(badCharacterIn({ name: 'Kiri \ud83d\ude00\ud83c\udfe0', replaced: 'bad byte \ufffd' })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end\u0001';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(badCharacterIn(deep)?.character).toBe('U+0001');
  });
});

describe('badCharacterMessage', () => {
  it('names the field and the character, and says what to do', () => {
    expect(badCharacterMessage({ path: 'firstName', character: 'U+0000', kind: 'control' })).toBe(
      'firstName holds a control character (U+0000) that text cannot hold here: remove it and try again.',
    );
    expect(badCharacterMessage({ path: 'lastName', character: 'U+D800', kind: 'unpaired surrogate' })).toBe(
      'lastName holds an unpaired surrogate (U+D800), half of a character without its other half: send whole characters, as UTF-8, and try again.',
    );
  });
});
