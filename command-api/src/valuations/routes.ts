import {
  ResearchComparablesResponse,
  SaveValuationResponse,
  UserValuation,
  VALUATION_TIMEOUT_MS,
  VALUATION_WORKFLOW,
  ValuationIdParams,
  ValuationRequest,
  ValuationResult,
  type Estimate,
  type User,
} from '@kainga/contracts';
import { hasPermission } from '@kainga/contracts';
import { CommandError, eventIdFor, handleCommand, waitForProjection } from '@kainga/platform';
import { WorkflowFailedError, WorkflowTimeoutError } from '@kainga/platform/workflow';
import { findValuation, valuationsOfUser, type ValuationDoc } from '@kainga/projections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { currentUser, idempotencyKeyOf, metadataOf, requireUser, routeGuard } from '../plugins/actor';
import { JsonOnce } from '../plugins/json-once';
import { errorResponses } from '../plugins/schemas';
import { renderValuationReport } from './report';
import { researchComparables } from './research';
import { toUserValuation } from './user-valuation';
import { valuationDecider, valuationStream } from './valuation';
import { valuationAnswer } from './valuation-answer';
import { knownCity, loadValuation, requestValuation } from './valuation-commands';

/** Who may read a valuation's report: its owner (consumer spec §6 'Owner Access Required'). */
export const OWNER_ACCESS_MESSAGE = 'You can only view detailed information for properties you own.';

/** A failed valuation recorded without a reason (none is, today): the workflow's general words. */
const VALUATION_FAILED_MESSAGE = 'The valuation could not be completed. Please try again.';

/** The spec's words for a valuation that takes too long (consumer spec §8). */
export const VALUATION_TIMEOUT_MESSAGE = 'The valuation is taking longer than expected. This might be due to complex market research. Please try again.';

/** The owner, or someone allowed to read any valuation's detail (admins). */
export function assertCanRead(user: User, doc: ValuationDoc | null): asserts doc is ValuationDoc {
  if (!doc) throw new CommandError('not_found', 'Valuation not found.');
  if (doc.userId !== user.id && !hasPermission(user.roles, 'admin:all')) throw new CommandError('not_found', 'Valuation not found.');
}

/**
 * Read-your-writes after the workflow: waits until the `valuations` read model has applied the
 * last event of the valuation's stream (the result the workflow recorded), then reads it.
 */
async function settled(deps: AppDeps, valuationId: string): Promise<ValuationDoc | null> {
  const last = (await deps.stores.eventStore.readStream(valuationStream(valuationId))).at(-1);
  await waitForProjection(deps.stores.readStore, 'valuations', last?.position ?? null);
  return findValuation(deps.stores.readStore, valuationId);
}

export default async function valuationRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The owner's list, joined from each valuation's body, written once per version of its document (json-once.ts says why). */
  const ownValuations = new JsonOnce<ValuationDoc>(UserValuation, toUserValuation);

  r.post(
    '/api/research-comparables',
    {
      preHandler: routeGuard('POST /api/research-comparables'),
      schema: { tags: ['valuations'], body: ValuationRequest, response: { 200: ResearchComparablesResponse, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const body = request.body;
      return researchComparables({ readStore: deps.stores.readStore, geocoder: deps.geocoder }, { ...body, city: knownCity(body.city) });
    },
  );

  r.post(
    '/api/valuations',
    {
      preHandler: routeGuard('POST /api/valuations'),
      schema: { tags: ['valuations'], body: ValuationRequest, response: { 200: ValuationResult, ...errorResponses(400, 401, 403, 409, 422, 503, 504) } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!deps.workflowEngine) throw new CommandError('unavailable', 'Valuations are not available on this server right now. Please try again later.');
      const key = idempotencyKeyOf(request);
      // A retried request (same Idempotency-Key) joins the same valuation instead of starting another.
      const valuationId = request.headers['idempotency-key'] ? eventIdFor(key, 'valuation', 0) : randomUUID();
      await requestValuation(deps.stores.eventStore, { valuationId, userId: user.id, request: request.body }, { idempotencyKey: key, metadata: metadataOf(request) });
      // Already finished (a retry after the answer was lost): the recorded outcome, and no second
      // run, which could answer differently (an AI valuer does). This holds after a restart and
      // past the engine's memory of completed runs, which the engine's own refusal does not.
      const recorded = await loadValuation(deps.stores.eventStore, valuationId);
      if (recorded.status === 'failed') return reply.status(422).send({ message: recorded.failureReason ?? VALUATION_FAILED_MESSAGE });
      if (recorded.status === 'pending') {
        try {
          await deps.workflowEngine.execute<{ valuationId: string }, Estimate>(VALUATION_WORKFLOW, { valuationId }, { workflowId: `valuation-${valuationId}`, timeoutMs: VALUATION_TIMEOUT_MS });
        } catch (error) {
          if (error instanceof WorkflowTimeoutError) return reply.status(504).send({ message: VALUATION_TIMEOUT_MESSAGE });
          if (error instanceof WorkflowFailedError) return reply.status(422).send({ message: error.message });
          throw error;
        }
      }
      return valuationAnswer(await settled(deps, valuationId));
    },
  );

  r.get(
    '/api/valuations',
    { preHandler: requireUser(), schema: { tags: ['valuations'], response: { 200: z.array(UserValuation), ...errorResponses(401) } } },
    async (request, reply) => ownValuations.sendList(reply, await valuationsOfUser(deps.stores.readStore, currentUser(request).id)),
  );

  r.post(
    '/api/valuations/:id/generate-report',
    { preHandler: requireUser(), schema: { tags: ['valuations'], params: ValuationIdParams, response: { 200: z.string(), ...errorResponses(400, 401, 404) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const doc = await findValuation(deps.stores.readStore, request.params.id);
      assertCanRead(user, doc);
      await handleCommand(deps.stores.eventStore, valuationDecider, valuationStream(doc._id), { type: 'GenerateReport', by: user.id, at: new Date().toISOString() }, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      const html = renderValuationReport(doc, new Date());
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  /**
   * GET /api/valuations/{id}/report: the same document, to read again — the PWA's report page
   * (/valuations/{id}/report) shows it, so a report has a URL its owner can bookmark and reload.
   * Reading records nothing (generating does, above). Only the owner (or an admin) reads it: a
   * missing valuation is 404, someone else's 403 with the spec's owner-access words; a valuation
   * still being made has no report yet (404).
   */
  r.get(
    '/api/valuations/:id/report',
    { preHandler: requireUser(), schema: { tags: ['valuations'], params: ValuationIdParams, response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const doc = await findValuation(deps.stores.readStore, request.params.id);
      if (!doc) throw new CommandError('not_found', 'Valuation not found.');
      if (doc.userId !== user.id && !hasPermission(user.roles, 'admin:all')) throw new CommandError('forbidden', OWNER_ACCESS_MESSAGE);
      if (!doc.estimate) throw new CommandError('not_found', 'This valuation has no report yet.');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(renderValuationReport(doc, new Date()));
    },
  );

  /**
   * The results screen's Save button (and its auto-save): marks the valuation as saved — kept in
   * the owner's list as one they chose to keep. Saving twice is harmless.
   */
  r.post(
    '/api/valuations/:id/save',
    { preHandler: requireUser(), schema: { tags: ['valuations'], params: ValuationIdParams, response: { 200: SaveValuationResponse, ...errorResponses(400, 401, 404) } } },
    async (request) => {
      const user = currentUser(request);
      const doc = await findValuation(deps.stores.readStore, request.params.id);
      if (!doc || doc.userId !== user.id) throw new CommandError('not_found', 'Valuation not found.');
      const result = await handleCommand(deps.stores.eventStore, valuationDecider, valuationStream(doc._id), { type: 'SaveValuation', by: user.id, at: new Date().toISOString() }, { idempotencyKey: idempotencyKeyOf(request), metadata: metadataOf(request) });
      const savedAt = result.events.find((e) => e.type === 'ValuationSaved')?.data.savedAt ?? doc.savedAt ?? new Date().toISOString();
      return { id: doc._id, saved: true as const, savedAt };
    },
  );
}
