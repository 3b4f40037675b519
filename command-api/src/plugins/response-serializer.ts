import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = z.ZodType | { properties: z.ZodType };

/**
 * How responses are serialised. fastify-type-provider-zod validates every response with zod and
 * then runs JSON.stringify: measured on the 2-core bench machine, 180 map locations (49 KB) took
 * 250–470 µs that way against 200 µs for JSON.stringify alone and 115 µs for fast-json-stringify
 * compiled from the same zod schema (z.toJSONSchema); `{ status: 'ok' }` 2.2 µs against 0.4 µs.
 * So wherever people are served (`npm start`, production) responses are written by
 * fast-json-stringify, which, like zod, writes only the schema's fields in the schema's order; a
 * schema JSON Schema cannot express (a transform, a date) keeps the zod serializer. In tests
 * (NODE_ENV=test, as the API tests run) every response is still validated, so a route that
 * drifts from its contract fails its tests.
 */
export function responseSerializerCompiler(validate: boolean): FastifySerializerCompiler<RouteSchema> {
  if (validate) return validatingSerializer as FastifySerializerCompiler<RouteSchema>;
  return (route) => {
    const schema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
    try {
      return fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as Parameters<typeof fastJson>[0]);
    } catch {
      return validatingSerializer(route as Parameters<typeof validatingSerializer>[0]);
    }
  };
}
