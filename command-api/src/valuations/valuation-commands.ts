import type { Comparable, EventMetadata, Estimate, LocationPrecision, PropertyDetails, ValuationRequest } from '@kainga/contracts';
import { DEFAULT_PROPERTY_TYPE, findLocation } from '@kainga/contracts';
import { handleCommand, invalid, loadAggregate } from '@kainga/platform';
import type { EventStore } from '@kainga/platform';
import { ACCOUNT_ERASED, refuseIfErased } from '../accounts/erased-person';
import { propertyDecider, propertyIdFor, propertyStream } from '../properties/property';
import { valuationDecider, valuationStream } from './valuation';

/**
 * The commands of a valuation's life, for the API and for the workflow's activities. Each
 * activity step uses an idempotency key of its own, so a retried activity appends nothing twice.
 */
export interface CommandCtx {
  idempotencyKey: string;
  metadata: EventMetadata;
}

/** The canonical town name of the list, or a 400 naming what was typed. */
export function knownCity(city: string): string {
  const found = findLocation(city);
  if (!found) throw invalid(`Unknown city "${city}". Choose a town or city from the list.`);
  return found.cityName;
}

/** Registers (or brings up to date) the owner's property at an address of the town list. */
export async function registerProperty(
  store: EventStore,
  input: { userId: string; request: Pick<ValuationRequest, 'address' | 'suburb' | 'city' | 'propertyType' | 'floorArea' | 'landArea' | 'bedrooms' | 'bathrooms' | 'rateableValue'>; demo?: boolean },
  ctx: CommandCtx,
): Promise<{ propertyId: string; details: PropertyDetails }> {
  const { request } = input;
  const details: PropertyDetails = {
    address: request.address,
    suburb: request.suburb,
    city: knownCity(request.city),
    propertyType: request.propertyType ?? DEFAULT_PROPERTY_TYPE,
    floorArea: request.floorArea,
    landArea: request.landArea,
    bedrooms: request.bedrooms,
    bathrooms: request.bathrooms,
    rateableValue: request.rateableValue,
  };
  // A request signed in just before the account's erasure was recorded records nothing for it after.
  await refuseIfErased(store, input.userId, ACCOUNT_ERASED);
  const propertyId = propertyIdFor(input.userId, details);
  await handleCommand(store, propertyDecider, propertyStream(propertyId), { type: 'RegisterProperty', propertyId, ownerId: input.userId, details, demo: !!input.demo, at: ctx.metadata.occurredAt }, { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:property` });
  return { propertyId, details };
}

/** Registers (or updates) the owner's property and requests its valuation. */
export async function requestValuation(
  store: EventStore,
  input: { valuationId: string; userId: string; request: ValuationRequest; demo?: boolean },
  ctx: CommandCtx,
): Promise<{ valuationId: string; propertyId: string }> {
  const { request } = input;
  const { propertyId, details } = await registerProperty(store, input, ctx);
  await handleCommand(
    store,
    valuationDecider,
    valuationStream(input.valuationId),
    { type: 'RequestValuation', valuationId: input.valuationId, propertyId, userId: input.userId, purpose: request.purpose, property: details, conditionScores: request.conditionScores, demo: !!input.demo, at: ctx.metadata.occurredAt },
    { ...ctx, idempotencyKey: `${ctx.idempotencyKey}:valuation` },
  );
  return { valuationId: input.valuationId, propertyId };
}

export async function loadValuation(store: EventStore, valuationId: string) {
  const { state } = await loadAggregate(store, valuationDecider, valuationStream(valuationId));
  if (state.status === 'none') throw Object.assign(new Error(`Valuation ${valuationId} not found`), { nonRetryable: true });
  return state;
}

export async function loadProperty(store: EventStore, propertyId: string) {
  const { state } = await loadAggregate(store, propertyDecider, propertyStream(propertyId));
  if (state.status === 'none') throw Object.assign(new Error(`Property ${propertyId} not found`), { nonRetryable: true });
  return state;
}

const step = (valuationId: string, name: string, metadata: EventMetadata): CommandCtx => ({ idempotencyKey: `valuation:${valuationId}:${name}`, metadata });

export async function locateProperty(store: EventStore, propertyId: string, valuationId: string, point: { latitude: number; longitude: number; precision: LocationPrecision; accuracyKm?: number | null; geocoder: string }, metadata: EventMetadata) {
  await handleCommand(store, propertyDecider, propertyStream(propertyId), { type: 'LocateProperty', ...point, at: metadata.occurredAt }, step(valuationId, 'locate', metadata));
}

export async function recordComparables(store: EventStore, valuationId: string, research: { comparables: Comparable[]; windowMonths: number; note: string | null }, metadata: EventMetadata) {
  await handleCommand(store, valuationDecider, valuationStream(valuationId), { type: 'RecordComparables', ...research, at: metadata.occurredAt }, step(valuationId, 'comparables', metadata));
}

export async function completeValuation(store: EventStore, valuationId: string, estimate: Estimate, metadata: EventMetadata) {
  return handleCommand(store, valuationDecider, valuationStream(valuationId), { type: 'CompleteValuation', estimate, at: metadata.occurredAt }, step(valuationId, 'complete', metadata));
}

export async function failValuation(store: EventStore, valuationId: string, reason: string, metadata: EventMetadata) {
  return handleCommand(store, valuationDecider, valuationStream(valuationId), { type: 'FailValuation', reason, at: metadata.occurredAt }, step(valuationId, 'fail', metadata));
}
