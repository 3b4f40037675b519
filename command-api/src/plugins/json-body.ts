import { CommandError } from '@kainga/platform';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The first key path in `value` that could poison a prototype when the object is merged or
 * spread: `__proto__`, or `constructor.prototype` (Fastify's default parser refuses the same
 * two, but calls the body "not valid JSON"). Null when there is none.
 */
export function forbiddenKeyIn(value: unknown): string | null {
  // A loop, not recursion: a body of deeply nested arrays must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node)) {
      if (key === '__proto__') return '__proto__';
      if (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) return 'constructor.prototype';
      pending.push(child);
    }
  }
  return null;
}

/**
 * Parses JSON bodies (in place of Fastify's parser) so that each refusal says what is wrong:
 * empty, not JSON, or JSON holding a key that is not allowed. The body limit still applies.
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
    // Only bodies that could spell a dangerous key (directly or with \u escapes) are walked.
    const suspect = text.includes('__proto__') || text.includes('constructor') || text.includes('\\u');
    const forbidden = suspect ? forbiddenKeyIn(parsed) : null;
    if (forbidden) return done(new CommandError('invalid', `"${forbidden}" is not an allowed key in the request body.`), undefined);
    done(null, parsed);
  });
});
