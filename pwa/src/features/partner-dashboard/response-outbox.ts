/**
 * Responses a partner wrote while offline (issue 8: "partners check leads offline"), queued on
 * the device and sent once when the network returns.
 *
 * - Each entry carries an Idempotency-Key made when the partner pressed Send, so a send whose
 *   answer was lost, or the same entry sent by two tabs at once, is applied once by the server.
 * - One entry per lead: a lead takes one, final response (spec 001 §4), so a second Send for a
 *   lead already queued changes nothing.
 * - Sending goes in order and stops at the first failure that may pass (no network, signed out,
 *   the server busy or failing): the rest wait for the next flush. A refusal (any other 4xx, e.g.
 *   already responded, not yours) drops the entry and is reported, so one bad entry never blocks
 *   the queue forever.
 * - Storage is injected: the app keeps the queue in the personal per-user store
 *   (offline/private-store.ts), which sign-out wipes; the tests keep it in memory.
 */
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorStatus } from '../../api/client';
import { isNetworkError } from '../../offline/network-required';

export interface QueuedResponse {
  idempotencyKey: string;
  leadId: string;
  role: PartnerRoleName;
  response: string;
  queuedAt: string;
}

export interface OutboxStorage {
  load(): Promise<QueuedResponse[]>;
  save(entries: QueuedResponse[]): Promise<void>;
}

export type SendResponse = (entry: QueuedResponse) => Promise<void>;

export interface FlushResult {
  sent: QueuedResponse[];
  failed: { entry: QueuedResponse; error: unknown }[];
  /** Entries still waiting (a failure that may pass stopped the flush, or nothing was tried). */
  waiting: number;
}

/** The queue with `entry` added, unless its lead already has one waiting. */
export function enqueue(queue: readonly QueuedResponse[], entry: QueuedResponse): QueuedResponse[] {
  return queue.some((q) => q.leadId === entry.leadId) ? [...queue] : [...queue, entry];
}

/** Whether a failed send may succeed later (keep the entry) or was refused for good (drop it). */
export function mayPassLater(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  const status = apiErrorStatus(error);
  if (status === null) return true;
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

/** A v4 UUID for the Idempotency-Key (randomUUID needs a secure context; localhost and https are). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface ResponseOutbox {
  /** Queues a response (once per lead); answers the queue. */
  add(entry: QueuedResponse): Promise<QueuedResponse[]>;
  /** Sends what is queued, in order (one flush at a time). */
  flush(send: SendResponse): Promise<FlushResult>;
  /** The queue as last loaded or changed (empty before the first load). */
  current(): readonly QueuedResponse[];
  /** Loads the queue from storage (once). */
  load(): Promise<readonly QueuedResponse[]>;
  subscribe(listener: () => void): () => void;
}

/**
 * One person's outbox over `storage`. Every change runs after the previous one (a promise
 * chain), so a flush and an add never overwrite each other's writes in this tab.
 */
export function createResponseOutbox(storage: OutboxStorage): ResponseOutbox {
  let queue: readonly QueuedResponse[] = [];
  let loaded: Promise<readonly QueuedResponse[]> | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const listeners = new Set<() => void>();
  const changed = (next: readonly QueuedResponse[]) => {
    queue = next;
    for (const l of listeners) l();
  };
  const load = () => {
    loaded ??= storage.load().then((entries) => {
      changed(Array.isArray(entries) ? entries : []);
      return queue;
    });
    return loaded;
  };
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(load).then(work);
    chain = run.catch(() => undefined);
    return run;
  };

  return {
    load,
    current: () => queue,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (entry) =>
      serial(async () => {
        const next = enqueue(queue, entry);
        await storage.save(next);
        changed(next);
        return next;
      }),
    flush: (send) =>
      serial(async () => {
        const result: FlushResult = { sent: [], failed: [], waiting: 0 };
        for (const entry of [...queue]) {
          try {
            await send(entry);
            result.sent.push(entry);
          } catch (error) {
            if (mayPassLater(error)) break;
            result.failed.push({ entry, error });
          }
          const next = queue.filter((q) => q.idempotencyKey !== entry.idempotencyKey);
          await storage.save(next);
          changed(next);
        }
        result.waiting = queue.length;
        return result;
      }),
  };
}
