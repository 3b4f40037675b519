import type { ReadStore } from '@kainga/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '../plugins/compress';

/**
 * Browsers and the service worker keep a public answer but ask again each time (a 304 when
 * nothing changed, see the ETag); shared caches may serve it for 30 s. A valuation completed a
 * moment ago is therefore on the owner's map and in the directory at once.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=30';
/** How many properties matched a query, sent with the map's answers (the body may hold fewer). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** Distinct queries whose answers are kept per version of the read model. */
const MAX_CACHED_ANSWERS = 200;

export interface Answer {
  body: string;
  /** Sent as X-Total-Count when given. */
  total?: number;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** The body as UTF-8 bytes, made on first send (see sendAnswer). */
  bytes?: Buffer;
}

export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * Answers kept per version of one read model's documents (ReadStore.getDataVersion: it moves with
 * every commit that writes them, not when the checkpoint only passes over events the projection
 * does not handle). A request reads the version, and while it has not moved, a repeated query
 * costs neither a store read nor serialising nor compressing: the body and its brotli and gzip
 * forms are kept. The ETag is a hash of the body, so it stays the same while the content does (a
 * write may change nothing shown), and every API replica computes the same one. `A` is what is
 * kept (an Answer for the public reads; the admin lists keep a page body and its total).
 */
export class CachedAnswers<A = Answer> {
  private version: string | null | undefined;
  private readonly answers = new Map<string, A>();

  constructor(
    private readonly store: ReadStore,
    private readonly readModel: string,
  ) {}

  async get(key: string, build: () => Promise<A>): Promise<A> {
    const version = await this.store.getDataVersion(this.readModel);
    if (version !== this.version) {
      this.answers.clear();
      this.version = version;
    }
    const kept = this.answers.get(key);
    if (kept) return kept;
    const answer = await build();
    // Not kept when the read model moved while it was read: the next request builds it again.
    if (this.version === version) {
      if (this.answers.size >= MAX_CACHED_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/** Whether an If-None-Match header names this ETag (or is `*`); weak forms match too (RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The best encoding the client accepts of br and gzip (q=0 refuses one), or null. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (token) accepted.add(token);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Sends a kept answer: ETag (304 to a matching If-None-Match), Cache-Control, the best compressed form. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.header('etag', answer.etag).header('cache-control', PUBLIC_READ_CACHE_CONTROL).header('vary', 'accept-encoding');
  if (answer.total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(answer.total));
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.body.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') {
    answer.br ??= brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
    return reply.header('content-encoding', 'br').send(answer.br);
  }
  if (encoding === 'gzip') {
    answer.gzip ??= gzipSync(answer.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(answer.gzip);
  }
  // Sent as the bytes kept with the answer: a string body is measured (Buffer.byteLength) and
  // encoded to UTF-8 again on every send, growing with the body (both took ~6 µs for a 6.4 KB
  // JSON body in a loop; with the bbox memo, the Auckland tile went from ~109 to ~75 µs of
  // server CPU a request at 3,000 req/s, best of five windows each).
  answer.bytes ??= Buffer.from(answer.body);
  return reply.send(answer.bytes);
}
