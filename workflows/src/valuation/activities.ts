import type { Estimate, EventMetadata } from '@kainga/contracts';
import { cityMarketFor, completeValuation, distancePointOf, locateHome, measuresDistance, estimateValue, estimateWithOpenAI, failValuation, loadProperty, loadValuation, locateProperty, openAiFrom, recordComparables, researchComparables, type OpenAiValuer } from '@kainga/command-api';
import { CommandError, createGeocoder, createLogger, openStores, type Config, type Geocoder, type Logger, type Stores } from '@kainga/platform';
import type { ValuationActivities } from './activity-types';

export interface ActivityDeps {
  stores: Pick<Stores, 'eventStore' | 'readStore'>;
  geocoder: Geocoder;
  /** Present when OPENAI_API_KEY is set: the AI valuer, with the model as its fallback. */
  openai: OpenAiValuer | null;
  logger: Logger;
  now?: () => Date;
}

const meta = (valuationId: string, step: string, now: Date): EventMetadata => ({
  actorId: null,
  actorRoles: [],
  correlationId: `valuation-${valuationId}`,
  causationId: `valuation-${valuationId}:${step}`,
  occurredAt: now.toISOString(),
});

/**
 * The valuation's activities (samples-typescript style: `createActivities(deps)`). Each reads
 * the aggregate it works on from its stream, does its one thing, and records the outcome by a
 * command whose idempotency key is the step's, so a retry appends nothing twice.
 */
export function createActivities(deps: ActivityDeps): ValuationActivities {
  const { eventStore, readStore } = deps.stores;
  const now = () => deps.now?.() ?? new Date();

  return {
    async locateProperty({ valuationId }) {
      const valuation = await loadValuation(eventStore, valuationId);
      const property = await loadProperty(eventStore, valuation.propertyId);
      // A town-level point (e.g. the embedded geocoder's) is placed again: the sales may place it now.
      const point = measuresDistance(property.location) ? null : await locateHome({ readStore, geocoder: deps.geocoder }, valuation.property);
      if (point) await locateProperty(eventStore, valuation.propertyId, valuationId, point, meta(valuationId, 'locate', now()));
      const placed = point ?? property.location;
      return placed ? { latitude: placed.latitude, longitude: placed.longitude } : null;
    },

    async researchComparables({ valuationId }) {
      const valuation = await loadValuation(eventStore, valuationId);
      const property = await loadProperty(eventStore, valuation.propertyId);
      const at = now();
      const research = await researchComparables({ readStore, geocoder: deps.geocoder }, { ...valuation.property, location: property.location }, at);
      await recordComparables(eventStore, valuationId, research, meta(valuationId, 'comparables', at));
      return { count: research.comparables.length, windowMonths: research.windowMonths };
    },

    async estimate({ valuationId }): Promise<Estimate> {
      const valuation = await loadValuation(eventStore, valuationId);
      const property = await loadProperty(eventStore, valuation.propertyId);
      const at = now();
      const city = await cityMarketFor(readStore, valuation.property.city, at);
      const input = { ...valuation.property, ...distancePointOf(property.location), conditionScores: valuation.conditionScores };
      const comparables = valuation.comparables ?? [];
      let modelEstimate: Estimate;
      try {
        modelEstimate = estimateValue(input, comparables, { ...city, now: at });
      } catch (error) {
        // The model could not value it (e.g. no floor area and no rateable value): tell the person, don't retry.
        throw new CommandError('invalid', error instanceof Error ? error.message : String(error));
      }
      if (!deps.openai) return modelEstimate;
      return estimateWithOpenAI(deps.openai, input, comparables, modelEstimate);
    },

    async recordEstimate({ valuationId, estimate }) {
      await completeValuation(eventStore, valuationId, estimate, meta(valuationId, 'complete', now()));
    },

    async failValuation({ valuationId, reason }) {
      await failValuation(eventStore, valuationId, reason, meta(valuationId, 'fail', now()));
    },
  };
}

/** Everything a separate worker process needs, from configuration alone. */
export async function openActivityDeps(config: Config, logger: Logger = createLogger(config.LOG_LEVEL, 'worker')): Promise<ActivityDeps & { close(): Promise<void> }> {
  const stores = await openStores(config);
  return {
    stores,
    geocoder: createGeocoder(config, (err) => logger.warn({ err }, 'geocoder failed; using the embedded one')),
    openai: openAiFrom(config),
    logger,
    close: () => stores.close(),
  };
}
