import type { ConditionKey, Location, Purpose, RoleName } from '@kainga/contracts';
import { conditionKeys, VALUATION_TIMEOUT_MS, VALUATION_WORKFLOW } from '@kainga/contracts';
import { changeRoles, grantRole, loadValuation, locateHome, locateProperty, recordSale, registerAccount, registerProperty, requestValuation, type AppDeps } from '@kainga/command-api';
import { eventIdFor, handleCommand, loadAggregate, seededRandom, waitForProjection, type EventStore, type Position } from '@kainga/platform';
import { DEMO_SEED_STREAM, demoSeedDecider, type DemoSeedCommand } from './demo/demo-seed-marker';
import { demoValuationRequest } from './demo/demo-request';
import { generateDemoSales, type DemoSale } from './demo/market-generator';
import type { CityMarket, TownKind } from './demo/city-markets';
import { demoAdvertsState, seedDemoAdverts, type DemoAdvertCounts } from './demo/adverts-demo';
import { demoPartners, demoPartnersState, seedDemoPartners, type DemoPartnerCounts } from './demo/partners-demo';

/** Everyone in the demo shares this password; the README says so, and it only exists in demo data. */
export const DEMO_PASSWORD = 'kainga-demo-2025';

const people: { email: string; firstName: string; lastName: string; roles: RoleName[] }[] = [
  { email: 'admin@demo.kainga.nz', firstName: 'Mere', lastName: 'Admin (demo)', roles: ['general', 'admin'] },
  { email: 'owner@demo.kainga.nz', firstName: 'Tama', lastName: 'Owner (demo)', roles: ['general'] },
  // The partner accounts take their role the way a real partner does: their application,
  // approved by the demo admin (ops/src/demo/partners-demo.ts).
  ...demoPartners.slice(0, 3).map(({ email, firstName, lastName }) => ({ email, firstName, lastName, roles: ['general'] as RoleName[] })),
  // Neighbours own most demo properties, so the owner account sees a few of its own among many.
  ...['Ngaio', 'Rāwiri', 'Kiri', 'Manaia'].map((name, i) => ({ email: `neighbour${i + 1}@demo.kainga.nz`, firstName: name, lastName: 'Neighbour (demo)', roles: ['general'] as RoleName[] })),
];

export interface DemoSize {
  /** Sales per town: big cities get more. */
  salesPerCity: (location: Location, market: CityMarket) => number;
  /** Demo properties per town, one in five left without a valuation (grey on the map). */
  propertiesPerCity: number | ((location: Location, market: CityMarket) => number);
}

/**
 * By kind of town, so the three metros hold what their size suggests (Wellington 120 sales and 12
 * properties, Gore 10 and 1) in about the same total as before (~1,940 sales, ~174 properties):
 * the list runs region by region, not by size, so a rank put Orewa beside Auckland.
 */
const SALES_BY_KIND: Record<TownKind, number> = { metro: 120, city: 34, town: 14, resort: 16, rural: 10 };
const PROPERTIES_BY_KIND: Record<TownKind, number> = { metro: 12, city: 3, town: 1, resort: 2, rural: 1 };
export const DEFAULT_DEMO_SIZE: DemoSize = { salesPerCity: (_, market) => SALES_BY_KIND[market.kind], propertiesPerCity: (_, market) => PROPERTIES_BY_KIND[market.kind] };

type Progress = (phase: string, done: number, total: number) => void;

/** The demo homes were valued over this many days before the demo's today. */
const VALUATION_DAYS = 45;
/** How long before the demo's today its accounts were opened: before any of their valuations. */
const ACCOUNTS_DAYS_AGO = VALUATION_DAYS + 15;
const metadataAt = (at: Date) => ({ actorId: null, actorRoles: [], correlationId: 'demo-seed', causationId: null, occurredAt: at.toISOString() });

const mark = (eventStore: EventStore, command: DemoSeedCommand) =>
  handleCommand(eventStore, demoSeedDecider, DEMO_SEED_STREAM, command, { idempotencyKey: `demo-seed:${command.type}`, metadata: metadataAt(new Date(command.at)) });

/**
 * Whether this start should run the demo seed: on an empty store (but for the plans seeded at
 * start-up), and again after a seed that started and never completed (the process was killed
 * part way), so it finishes.
 */
export async function demoSeedPending(eventStore: EventStore): Promise<boolean> {
  const { state } = await loadAggregate(eventStore, demoSeedDecider, DEMO_SEED_STREAM);
  // A demo store seeded before the partner marketplace (or advertising) existed gets its partners
  // (its adverts) once, at its next start: each part has a marker of its own (demoSeed-partners,
  // demoSeed-adverts).
  if (state.status === 'completed') return (await demoPartnersState(eventStore)).status !== 'completed' || (await demoAdvertsState(eventStore)).status !== 'completed';
  if (state.status !== 'none') return state.status === 'started';
  return onlyStartUpData(eventStore);
}

/**
 * Whether the log is empty but for the advertising plans, which every start seeds before it
 * asks (ops/src/server.ts): such a store is still a new one. Any other event (a store with data
 * from before the seed markers existed) shows up in the first page read.
 */
async function onlyStartUpData(eventStore: EventStore): Promise<boolean> {
  const page = 100;
  let after: Position | null = null;
  for (;;) {
    const events = await eventStore.readAll({ after, limit: page });
    if (events.some((e) => !e.streamName.startsWith('adPlan-'))) return false;
    if (events.length < page) return true;
    after = events.at(-1)!.position;
  }
}

/**
 * Demo data for an empty DATA_DIR, through the same commands and the same valuation workflow a
 * person's request goes through. Everything is marked as demo: accounts on demo.kainga.nz with
 * "(demo)" in their names, sales and properties flagged `demo` (the API and the report label
 * them), generated by ops/src/demo/market-generator.ts with plausible price levels per town.
 *
 * Then the partner marketplace (ops/src/demo/partners-demo.ts): partners, applications, requests;
 * then their adverts (ops/src/demo/adverts-demo.ts), on the plans the start-up seeded.
 *
 * Interruptible: the run is marked started (with its "today") and completed in `demoSeed-1`
 * (the marketplace in `demoSeed-partners`, the adverts in `demoSeed-adverts`), and every step
 * is keyed, so running it again after a kill generates the same data, appends nothing twice and
 * finishes what is missing.
 */
export async function seedDemoData(
  deps: AppDeps,
  options: { now?: Date; size?: DemoSize; onProgress?: Progress; /** false: the seed as it was before the marketplace (the upgrade path's tests). */ partners?: boolean; /** false: as it was before advertising. */ adverts?: boolean } = {},
): Promise<{ accounts: number; sales: number; properties: number; valuations: number; partners: DemoPartnerCounts | null; adverts: DemoAdvertCounts | null }> {
  const before = await loadAggregate(deps.stores.eventStore, demoSeedDecider, DEMO_SEED_STREAM);
  // Completed before the marketplace existed: only the partners remain to seed.
  const baseDone = before.state.status === 'completed';
  const started = await mark(deps.stores.eventStore, { type: 'StartDemoSeed', now: (options.now ?? new Date()).toISOString(), at: new Date().toISOString() });
  // A resumed run keeps the first run's "today", so its generated data is the same.
  const now = new Date(started.state.status === 'none' ? Date.now() : started.state.now);
  const size = options.size ?? DEFAULT_DEMO_SIZE;
  const progress = options.onProgress ?? (() => undefined);

  const ids: Record<string, string> = {};
  // Members before the demo homes they valued (seedMarket): "Member since" today beside
  // valuations made weeks ago read as made-up data.
  const joined = new Date(now.getTime() - ACCOUNTS_DAYS_AGO * 86_400_000);
  for (const [i, person] of people.entries()) {
    const ctx = { idempotencyKey: `demo-seed:${person.email}`, metadata: metadataAt(joined) };
    const { userId } = await registerAccount(deps, { ...person, password: DEMO_PASSWORD, provider: 'password' }, ctx);
    const rolesCtx = { ...ctx, idempotencyKey: `demo-seed:${person.email}:roles` };
    // The demo admin is made admin the way an operator would: the machine's grant (npm run grant-admin).
    if (person.roles.includes('admin')) await grantRole(deps, person.email, 'admin', { ...rolesCtx, metadata: { ...rolesCtx.metadata, actorId: 'system' } });
    else if (person.roles.join() !== 'general') await changeRoles(deps, userId, person.roles, rolesCtx);
    ids[person.email] = userId;
    progress('accounts', i + 1, people.length);
  }

  // Sales: recorded in concurrent chunks, which the event store commits together.
  const sales = generateDemoSales({ seed: 20251122, now, perCity: size.salesPerCity });
  const homes = generateDemoSales({ seed: 7, now, perCity: size.propertiesPerCity }).map((h) => ({ ...h, address: `${h.address.replace(/^\d+/, (n) => String(Number(n) + 1))}` }));
  const valuations = deps.workflowEngine ? homes.filter((_, i) => i % 5 !== 4).length : 0;
  const counts = { accounts: people.length, sales: sales.length, properties: homes.length, valuations };
  if (!baseDone) await seedMarket(deps, { now, sales, homes, ids, progress });
  await mark(deps.stores.eventStore, { type: 'CompleteDemoSeed', counts, at: new Date().toISOString() });

  if (options.partners === false) return { ...counts, partners: null, adverts: null };
  // The marketplace hangs on the same "today", unless the rest was seeded long before it existed.
  const partnersNow = baseDone ? (options.now ?? new Date()) : now;
  const partnersDone = (await demoPartnersState(deps.stores.eventStore)).status === 'completed';
  const partners = await seedDemoPartners(deps, { now: partnersNow, ids, password: DEMO_PASSWORD, onProgress: progress });
  if (options.adverts === false) return { ...counts, partners, adverts: null };
  // The adverts hang on the marketplace's "today" (its marker's), unless it was seeded before advertising existed.
  const market = await demoPartnersState(deps.stores.eventStore);
  const advertsNow = partnersDone || market.status === 'none' ? (options.now ?? new Date()) : new Date(market.now);
  const adverts = await seedDemoAdverts(deps, { now: advertsNow, ids, onProgress: progress });
  return { ...counts, partners, adverts };
}

/** Demo sales in every town, then demo homes: most valued through the valuation workflow, the rest only registered. */
async function seedMarket(deps: AppDeps, { now, sales, homes, ids, progress }: { now: Date; sales: DemoSale[]; homes: DemoSale[]; ids: Record<string, string>; progress: Progress }) {
  for (let i = 0; i < sales.length; i += 250) {
    await Promise.all(sales.slice(i, i + 250).map((sale) => recordSale(deps, sale, metadataAt(new Date(`${sale.saleDate}T12:00:00Z`)))));
    progress('sales', Math.min(i + 250, sales.length), sales.length);
  }

  // Valuations read comparables from the sales read model: let it catch up first.
  await waitForProjection(deps.stores.readStore, 'sales', await deps.stores.eventStore.headPosition({ streamPrefixes: ['sale-'] }), 120_000);

  // Properties to value: homes like the sales, at other addresses, spread over the last 45 days.
  const owners = people.filter((p) => p.email === 'owner@demo.kainga.nz' || p.email.startsWith('neighbour')).map((p) => ids[p.email]!);
  const random = seededRandom(99);
  for (const [i, home] of homes.entries()) {
    const at = new Date(now.getTime() - Math.floor(random() * VALUATION_DAYS * 86_400_000));
    const userId = owners[i % owners.length]!;
    const ctx = { idempotencyKey: `demo-seed:home:${i}`, metadata: { ...metadataAt(at), actorId: userId, actorRoles: ['general' as const] } };
    const request = demoRequest(home, random);
    if (i % 5 === 4) {
      const { propertyId, details } = await registerProperty(deps.stores.eventStore, { userId, request, demo: true }, ctx);
      const point = await locateHome({ readStore: deps.stores.readStore, geocoder: deps.geocoder }, details);
      if (point) await locateProperty(deps.stores.eventStore, propertyId, `demo-${i}`, point, ctx.metadata);
    } else if (deps.workflowEngine) {
      const valuationId = eventIdFor(ctx.idempotencyKey, 'valuation', 0);
      await requestValuation(deps.stores.eventStore, { valuationId, userId, request, demo: true }, ctx);
      // Valued before an interruption: the workflow would refuse to run again.
      if ((await loadValuation(deps.stores.eventStore, valuationId)).status === 'pending')
        await deps.workflowEngine.execute(VALUATION_WORKFLOW, { valuationId }, { workflowId: `valuation-${valuationId}`, timeoutMs: VALUATION_TIMEOUT_MS });
    }
    progress('properties', i + 1, homes.length);
  }
}

const purposes: Purpose[] = ['buying', 'selling', 'testing'];

/** The wizard's form for a demo home: its details and a plausible set of condition ratings. */
function demoRequest(home: DemoSale, random: () => number) {
  const quality = 1 + Math.floor(random() * 5);
  const conditionScores: Partial<Record<ConditionKey, number>> = {};
  for (const key of conditionKeys) {
    if (random() < 0.35) continue; // left as N/A
    conditionScores[key] = Math.min(5, Math.max(1, quality + Math.round((random() - 0.5) * 2)));
  }
  return demoValuationRequest(home, purposes[Math.floor(random() * purposes.length)]!, conditionScores);
}
