import type { EventStore, Position, ReadStore } from '@kainga/platform';
import { AD_ANALYTICS, AD_ANALYTICS_FILTER, AD_ANALYTICS_INDEXES, adAnalyticsDocOf, sumAdAnalytics, type AdAnalyticsCounter, type AdAnalyticsDoc } from '@kainga/projections';
import { rangePages, type ReplayRange } from '@kainga/projections/ad-records';

/** The collection beside `ad_analytics` in an analysis: one document saying what was replayed. */
export const AD_ANALYSIS = 'ad_analysis';

/** What an analysis holds: the range asked for and the last event it counted ("as of"). */
export interface AdAnalysisSummary {
  _id: 'analysis';
  name: string;
  /** The range as given (ISO instants or log positions); null for the log's start or end. */
  from: string | null;
  to: string | null;
  /** The last event replayed: its log position and recorded time; null when the range held none. */
  asOfPosition: Position | null;
  asOfRecordedAt: string | null;
  impressions: number;
  clicks: number;
  leads: number;
  [key: string]: unknown;
}

export interface ReplayIntoOptions {
  name: string;
  range: ReplayRange;
  /** readAll's exclusive start (the CLI's seekStart); null reads from the first event. */
  after?: Position | null;
  pageSize?: number;
  /** After each page: events read so far. */
  onProgress?: (read: number) => void;
}

const boundText = (b: ReplayRange['from']) => (b === null ? null : b.kind === 'time' ? b.text : b.position);

/**
 * Replays the impressions, clicks and leads of a range of the log into `target`, a read store
 * of the analysis's own, never the live one: the same counters the live `ad_analytics` projector
 * makes (adAnalyticsCounter), summed over the range and swapped in whole, so re-running a name
 * replaces the analysis and an analysis of the whole log equals the live read model.
 *
 * The range is a contiguous slice of the log as rangePages takes it (from the first event that has
 * reached `from`, up to the first after it that has reached `to`), its end fixed when the replay
 * starts; the figures are therefore "as of" the end of the range. Nothing of the run (its time,
 * its host) is stored, so one range gives identical documents every time.
 */
export async function replayInto(source: EventStore, target: ReadStore, options: ReplayIntoOptions): Promise<AdAnalysisSummary> {
  const { range } = options;
  const pageSize = options.pageSize ?? 1000;
  const sums = new Map<string, AdAnalyticsCounter>();
  const summary: AdAnalysisSummary = { _id: 'analysis', name: options.name, from: boundText(range.from), to: boundText(range.to), asOfPosition: null, asOfRecordedAt: null, impressions: 0, clicks: 0, leads: 0 };
  for await (const page of rangePages(source, AD_ANALYTICS_FILTER, { range, after: options.after ?? null, pageSize, onProgress: options.onProgress })) {
    sumAdAnalytics(page, sums);
    const last = page[page.length - 1]!;
    summary.asOfPosition = last.position;
    summary.asOfRecordedAt = last.recordedAt;
  }
  const docs: AdAnalyticsDoc[] = [...sums.values()].map(adAnalyticsDocOf).sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  for (const d of docs) {
    summary.impressions += d.impressions;
    summary.clicks += d.clicks;
    summary.leads += d.leads;
  }
  await target.replaceCollection(AD_ANALYTICS, docs, { indexes: AD_ANALYTICS_INDEXES });
  await target.replaceCollection(AD_ANALYSIS, [{ ...summary }]);
  return summary;
}

/** The analysis's documents and summary, as replayInto left them (null summary: no such analysis). */
export async function readAnalysis(store: ReadStore): Promise<{ summary: AdAnalysisSummary | null; docs: AdAnalyticsDoc[] }> {
  const [summary] = await store.collection<AdAnalysisSummary>(AD_ANALYSIS).find({ _id: 'analysis' });
  const docs = await store.collection<AdAnalyticsDoc>(AD_ANALYTICS).find({}, { sort: { _id: 1 } });
  return { summary: summary ?? null, docs };
}
