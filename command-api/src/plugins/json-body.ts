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
 * Control characters no text of ours holds: C0 but tab, line feed and carriage return, and DEL.
 * JSON carries C0 only escaped (`\u0000`, `\b`, `\f`) and DEL either way, so a body without those
 * escapes and without a raw DEL has none.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Where a control character (see CONTROL) sits in `value`, in a key or a string: its path
 * (`firstName`, `rows[2].note`; `(the body)` for a bare string) and the character as `U+0000`.
 * Null when there is none. Such a character passed every field's own check (a name "A\u0000B" was
 * stored as it was) and breaks what later shows, exports or sends the text.
 */
export function controlCharacterIn(value: unknown): { path: string; character: string } | null {
  const at = (text: string, where: string) => {
    const found = CONTROL.exec(text);
    return found ? { path: where || '(the body)', character: `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` } : null;
  };
  if (typeof value === 'string') return at(value, '');
  for (const { key, child, path } of entriesIn(value)) {
    const found = at(key, path) ?? (typeof child === 'string' ? at(child, path) : null);
    if (found) return found;
  }
  return null;
}

/**
 * Parses JSON bodies (in place of Fastify's parser) so that each refusal says what is wrong:
 * empty, not JSON, JSON holding a key that is not allowed, or text holding a control character.
 * The body limit still applies.
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
    // Only bodies that could spell a dangerous key or a control character (directly or with
    // escapes) are walked.
    const escaped = text.includes('\\u');
    const forbidden = escaped || text.includes('__proto__') || text.includes('constructor') ? forbiddenKeyIn(parsed) : null;
    if (forbidden) return done(new CommandError('invalid', `"${forbidden}" is not an allowed key in the request body.`), undefined);
    const control = escaped || text.includes('\\b') || text.includes('\\f') || text.includes('\x7f') ? controlCharacterIn(parsed) : null;
    if (control) return done(new CommandError('invalid', `${control.path} holds a control character (${control.character}) that text cannot hold here: remove it and try again.`), undefined);
    done(null, parsed);
  });
});
