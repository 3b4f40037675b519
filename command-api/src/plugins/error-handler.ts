import { CommandError, type CommandErrorKind } from '@kainga/platform';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const statusOf: Record<CommandErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
};

/** Fastify's own error codes, said the way a person understands them. */
const fastifyErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty; send a JSON object.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Send the request body as application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.'],
};

/** zod's `expected` types, said the way a person understands them. */
const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** An issue's place in dotted form (`/rows/2/note` → `rows.2.note`). */
const dotted = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

function valueAt(root: unknown, instancePath: string): unknown {
  let node = root;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const humanize = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The message of one issue. A schema's "X is required" also covers a value of the wrong type
 * (zod has one message for both); when a value was sent, say what type it must be instead.
 */
function issueMessage(v: FastifySchemaValidationError, request: FastifyRequest, context: string | undefined): string {
  // A query parameter sent twice arrives as a list, which each schema then called "not a number"
  // or the like; no route takes a list in its query.
  if (context === 'querystring' && Array.isArray(valueAt(request.query, v.instancePath))) return `${dotted(v.instancePath)} is given more than once: send it once`;
  const message = v.message ?? 'Invalid value';
  const expected = (v.params as { expected?: string }).expected;
  if (v.keyword !== 'invalid_type' || !expected || !typeNames[expected]) return message;
  const part = context === 'querystring' ? request.query : context === 'params' ? request.params : context === 'headers' ? request.headers : request.body;
  if (valueAt(part, v.instancePath) === undefined) return message;
  // Only "X is required" and zod's own wording are replaced; any other message is the schema's rule.
  const required = /^(.+) is required$/.exec(message)?.[1];
  if (!required && !message.startsWith('Invalid input')) return message;
  const label = required ?? humanize(v.instancePath.split('/').filter(Boolean).at(-1) ?? `the ${context ?? 'body'}`);
  return `${label} must be ${typeNames[expected]}`;
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad %-encoding, a path parameter longer
 * than maxParamLength) answers `{ message }` like every other error, not Fastify's own shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: 'A part of the address is too long.' });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: 'The address has a malformed part (bad %-encoding).' });
  return reply.status(400).send({ message: 'The request could not be routed.' });
}

/**
 * Fastify's `clientErrorHandler`: errors before a request exists (headers or body too slow,
 * headers too large, bytes that are not HTTP) answer on the raw socket, as `{ message }`.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is not valid HTTP.'];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * One error handler: every failure leaves as `{ message }` with the status of DESIGN.md, a 400
 * also lists the field issues. Unexpected errors are logged and never leak internals.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof CommandError) {
      return reply.status(statusOf[error.kind]).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const keys = (v.params as { keys?: string[] }).keys;
        const path = v.keyword === 'unrecognized_keys' && keys ? keys.join(', ') : dotted(v.instancePath);
        return { path: path || (error.validationContext ?? 'body'), message: issueMessage(v, request, error.validationContext) };
      });
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      return reply.status(400).send({ message: `Invalid ${where}: ${issues.map((i) => i.message).join('; ')}`, issues });
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (isResponseSerializationError(error)) request.log.error({ err: error }, 'response did not match its schema');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
});
