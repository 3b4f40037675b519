import { describe, expect, it } from 'vitest';
import { controlCharacterIn } from './json-body';

describe('controlCharacterIn', () => {
  it('finds a control character in a value or a key, and says where', () => {
    expect(controlCharacterIn({ firstName: 'A\u0000B', lastName: 'C' })).toEqual({ path: 'firstName', character: 'U+0000' });
    expect(controlCharacterIn({ rows: [{ note: 'fine' }, { note: 'bell\u0007' }] })).toEqual({ path: 'rows[1].note', character: 'U+0007' });
    expect(controlCharacterIn({ ['bad\u001bkey']: 1 })).toEqual({ path: 'bad\u001bkey', character: 'U+001B' });
    expect(controlCharacterIn('\u007f')).toEqual({ path: '(the body)', character: 'U+007F' });
  });

  it('lets tabs, line breaks, other text and other types pass', () => {
    expect(controlCharacterIn({ message: 'line one\r\nline two\ttabbed', name: 'Māori ō — “quoted”', n: 3, ok: true, none: null, list: [1, 'two'] })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end\u0001';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterIn(deep)?.character).toBe('U+0001');
  });
});
