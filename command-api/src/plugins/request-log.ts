import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { rawLineWriter, type Logger, type RawLineWriter } from '@kainga/platform';

/**
 * One log line per request, written when the response has finished: method, url, status,
 * response time and the request id (`reqId`). Fastify's default writes two (`incoming request`
 * with the whole request object, then `request completed`), which doubled the logging cost of
 * every request. The line is written by a child of the service's logger without its redaction:
 * its five fields are chosen here and hold no secret, and redaction's walk of every line was about
 * a third of the line's cost (~1.3 of ~4.5 µs measured). Errors are still logged, redacted, by
 * the request's own logger: a request that failed while sending is logged at error level, 5xx
 * answers at error, and the error handler logs unexpected errors with their stack; Fastify's other
 * warnings (stream errors, serializer failures) are kept. The line itself is put together here
 * and written as pino would write it (platform's rawLineWriter: 0.3–1 µs a request less than pino's
 * walk of the fields), unless the logger is one whose lines it cannot repeat.
 */
export class OneLinePerRequest extends LogController {
  private readonly lines: FastifyBaseLogger;
  private readonly raw: RawLineWriter | null;

  constructor(logger: Logger) {
    super();
    const lines = logger.child({}, { redact: { paths: [] } });
    this.lines = lines as FastifyBaseLogger;
    this.raw = rawLineWriter(lines);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (!error && this.raw) {
      // The same five fields as below, in the same order (request-log.api.test.ts reads them back).
      const fields = `"reqId":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(loggedUrl(request.url))},"statusCode":${reply.statusCode},"responseTime":${responseTime}`;
      this.raw(reply.statusCode >= 500 ? 'error' : 'info', fields, 'request completed');
      return;
    }
    const line = { reqId: request.id, method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, responseTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) this.lines.error(line, 'request completed');
    else this.lines.info(line, 'request completed');
  }
}

/**
 * The URL as a request line logs it: the path, and the query's parameter names with their values
 * withheld (`/api/admin/users?search=…&page=…`). A query holds what people type (a search for a
 * name or an email, an admin's reason for an export), and request logs leave the service for the
 * operator's log pipeline, kept there on its own terms (docs/retention.md).
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const names = url
    .slice(query + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=…`);
  return `${url.slice(0, query)}?${names.join('&')}`;
}

/**
 * A request's logger (`request.log`), made into pino's child with the request id only when a
 * line is written at an enabled level. Fastify otherwise builds a pino child for every request,
 * about 2 % of a small API request's CPU in a profile, though most requests never log on their
 * own (their one line is OneLinePerRequest's). A route with its own `logLevel` gets its child at
 * once (none of ours sets one).
 */
export class LazyRequestLogger {
  private built: Logger | null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Record<string, unknown>,
  ) {
    this.built = options.level === undefined ? null : parent.child(bindings, options);
  }

  private get logger(): Logger {
    return (this.built ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.built?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /** Writes at `level` when it is enabled, making the child only then. */
  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    if ((this.built ?? this.parent).isLevelEnabled(level)) (this.logger[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): FastifyBaseLogger {
    return this.logger.child(bindings, options) as FastifyBaseLogger;
  }
}
