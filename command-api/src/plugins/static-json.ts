import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A JSON body that never changes while the process runs (the NZ locations, the roles, the sign-in
 * providers configured), checked against its schema and serialised once at start-up, the way
 * the route's serializer would write it (zod's output: the schema's fields in the schema's
 * order). Each request then sends the same bytes without validating or serialising again.
 */
export function staticJson<S extends z.ZodType>(schema: S, value: z.input<S>): (reply: FastifyReply) => FastifyReply {
  const body = Buffer.from(JSON.stringify(schema.parse(value)));
  return (reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body);
}
