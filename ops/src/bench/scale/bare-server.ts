import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

/**
 * The baseline of `npm run bench:scale`: a bare Fastify app in a process of its own that serves,
 * at /bare/<n>, exactly the body and content type the service answered for route n (read from
 * the JSON file named on the command line). Prints its URL when listening, and the size of V8's
 * young generation it runs with (route-ratios.ts, `BARE_NODE_FLAGS`, says why).
 */
const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { body: string; contentType: string }[];
const app = Fastify({ logger: false });
app.get<{ Params: { n: string } }>('/bare/:n', async (request, reply) => {
  const route = bodies[Number(request.params.n)];
  if (!route) return reply.status(404).send({ message: 'no such route' });
  return reply.type(route.contentType).send(route.body);
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
console.log(`bare server at ${url} (young generation ${Math.round(young / 2 ** 20)} MB)`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
