import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when the response has finished: method, url, status and
 * response time (the request id comes with the request's logger as `reqId`). Fastify's default
 * writes two (`incoming request` with the whole request object, then `request completed`), which
 * doubled the logging cost of every request. Errors are still logged: a request that failed while
 * sending is logged at error level, 5xx answers at error, and the error handler logs unexpected
 * errors with their stack; Fastify's other warnings (stream errors, serializer failures) are kept.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
