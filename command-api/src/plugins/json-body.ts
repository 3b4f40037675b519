import { CommandError } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every key of `value` with its value and its path (`rows[2].note`), objects and lists alike, in
 * no promised order. A loop, not recursion: a body of deeply nested arrays must not overflow the
 * stack. Both checks of a suspect body below walk it with this.
 */
function* entriesIn(value: unknown): Generator<{ key: string; child: unknown; path: string }> {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length) {
    const [node, path] = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node)) {
      const childPath = Array.isArray(node) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      yield { key, child, path: childPath };
      pending.push([child, childPath]);
    }
  }
}

/**
 * The first key path in `value` that could poison a prototype when the object is merged or
 * spread: `__proto__`, or `constructor.prototype` (Fastify's default parser refuses the same
 * two, but calls the body "not valid JSON"). Null when there is none.
 */
export function forbiddenKeyIn(value: unknown): string | null {
  for (const { key, child } of entriesIn(value)) {
    if (key === '__proto__') return '__proto__';
    if (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) return 'constructor.prototype';
  }
  return null;
}

/**
 * What no text of ours holds, in one pattern so one walk finds either:
 * - control characters: C0 but tab, line feed and carriage return, and DEL. JSON carries C0 only
 *   escaped (`\u0000`, `\b`, `\f`) and DEL either way.
 * - an unpaired surrogate (`"\ud800"`): half of a character written as two UTF-16 code units,
 *   without its other half. It is no character at all: it cannot be written as UTF-8 (a database,
 *   an email or a file gets U+FFFD or refuses it), yet JSON lets it through. The body arrives as
 *   UTF-8, whose decoder turns invalid bytes into U+FFFD, so only a `\u` escape can spell one;
 *   a pair (`\ud83d\ude00`, an emoji) is a character and passes. The pattern has no `u` flag on
 *   purpose: it matches code units, where a lone surrogate is visible.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const BAD_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface BadCharacter {
  /** `firstName`, `rows[2].note`; `(the body)` for a bare string. */
  path: string;
  /** The code unit as `U+0000`. */
  character: string;
  kind: 'control' | 'unpaired surrogate';
}

/**
 * Where a character no text of ours holds (see BAD_CHARACTER) sits in `value`, in a key or a
 * string, and which. Null when there is none. Such a character passed every field's own check (a
 * name "A\u0000B" or "\ud800" was stored as it was) and breaks what later shows, exports or sends
 * the text.
 */
export function badCharacterIn(value: unknown): BadCharacter | null {
  const at = (text: string, where: string): BadCharacter | null => {
    const found = BAD_CHARACTER.exec(text);
    if (!found) return null;
    const code = found[0].charCodeAt(0);
    return { path: where || '(the body)', character: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`, kind: code >= 0xd800 ? 'unpaired surrogate' : 'control' };
  };
  if (typeof value === 'string') return at(value, '');
  for (const { key, child, path } of entriesIn(value)) {
    const found = at(key, path) ?? (typeof child === 'string' ? at(child, path) : null);
    if (found) return found;
  }
  return null;
}

/** The refusal of a bad character, in words a person can act on. */
export function badCharacterMessage({ path, character, kind }: BadCharacter): string {
  return kind === 'control'
    ? `${path} holds a control character (${character}) that text cannot hold here: remove it and try again.`
    : `${path} holds an unpaired surrogate (${character}), half of a character without its other half: send whole characters, as UTF-8, and try again.`;
}

/**
 * Parses JSON bodies (in place of Fastify's parser) so that each refusal says what is wrong:
 * empty, not JSON, JSON holding a key that is not allowed, or text holding a control character or
 * an unpaired surrogate. The body limit still applies.
 */
export default fp(async function jsonBody(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new CommandError('invalid', 'The request body is empty; send a JSON object.'), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new CommandError('invalid', 'The request body is not valid JSON.'), undefined);
    }
    // Only bodies that could spell a dangerous key or a bad character (directly or with escapes;
    // an unpaired surrogate only with `\u`) are walked.
    const escaped = text.includes('\\u');
    const forbidden = escaped || text.includes('__proto__') || text.includes('constructor') ? forbiddenKeyIn(parsed) : null;
    if (forbidden) return done(new CommandError('invalid', `"${forbidden}" is not an allowed key in the request body.`), undefined);
    const bad = escaped || text.includes('\\b') || text.includes('\\f') || text.includes('\x7f') ? badCharacterIn(parsed) : null;
    if (bad) return done(new CommandError('invalid', badCharacterMessage(bad)), undefined);
    done(null, parsed);
  });
});
