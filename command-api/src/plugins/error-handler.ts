import { CommandError, type CommandErrorKind } from '@kainga/platform';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';

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
        const path = v.keyword === 'unrecognized_keys' && keys ? keys.join(', ') : v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { path: path || (error.validationContext ?? 'body'), message: v.message ?? 'Invalid value' };
      });
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      return reply.status(400).send({ message: `Invalid ${where}: ${issues.map((i) => i.message).join('; ')}`, issues });
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error.statusCode === 429) return reply.status(429).send({ message: error.message });
    if (isResponseSerializationError(error)) request.log.error({ err: error }, 'response did not match its schema');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
});
