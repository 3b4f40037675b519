import { requestBasics, requestBasicsOptions } from '@kainga/command-api';
import { createLogger } from '@kainga/platform';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

/**
 * A reference for `npm run bench:scale`: Fastify with only what every answer of the service pays
 * whatever its route (command-api's request basics: its request id, its one log line written as
 * the service writes it, its security headers), serving at /api/basics/<n> exactly the body the
 * service answered for route n, as the bare server does. Its ratio to the bare route is the most
 * any route of the service could read: what is left below it is the route's own work, its session
 * and the other plugins. Logs to stdout at info, as `npm start` does; prints its URL when listening.
 */
const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { body: string; contentType: string }[];
const app = Fastify(requestBasicsOptions(createLogger('info', 'kainga-basics')));
await app.register(requestBasics);
app.get<{ Params: { n: string } }>('/api/basics/:n', async (request, reply) => {
  const route = bodies[Number(request.params.n)];
  if (!route) return reply.status(404).send({ message: 'no such route' });
  return reply.type(route.contentType).send(route.body);
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`basics server at ${url}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
