import { appendPaidLeads, type AppDeps } from '@kainga/command-api';
import { type UserDoc } from '@kainga/contracts';
import { waitForProjection } from '@kainga/platform';
import { AD_SUBSCRIPTIONS, PARTNER_LEADS, partnersOfUser, USERS } from '@kainga/projections';
import { performance } from 'node:perf_hooks';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { bar } from '../progress';
import type { ScaleSize } from './sizes';

/**
 * "Export of a partner's data" in bench:scale (issue 50: "produced in seconds for a partner with
 * thousands of leads"): the demo broker is given a size's leads (each paid, so a charge too),
 * then an admin's GET /api/admin/users/:userId/export is timed to its last byte on the running
 * service, and the archive's leads counted.
 */
export const EXPORT_PARTNER_EMAIL = 'broker@demo.kainga.nz';

/** Leads the demo broker holds at each size (the demo seed gives it a few). */
export const EXPORT_LEADS: Record<string, number> = { demo: 1_000, '10×': 3_000, '100×': 10_000 };

export interface ExportFigures {
  ms: number;
  bytes: number;
  leads: number;
}

/** Leads are appended in runs of this many (one progress step each). */
const RUN = 250;

/** Gives the demo broker the size's leads (those it lacks), then waits for the read models the export reads. */
export async function growPartnerLeads(deps: AppDeps, size: ScaleSize): Promise<void> {
  const target = EXPORT_LEADS[size.label] ?? 0;
  const { readStore, eventStore } = deps.stores;
  const user = await readStore.collection<UserDoc>(USERS).findOne({ email: EXPORT_PARTNER_EMAIL });
  const partner = user ? (await partnersOfUser(readStore, user._id))[0] : undefined;
  if (!partner) throw new Error(`the demo partner ${EXPORT_PARTNER_EMAIL} is not in the store (was it seeded?)`);
  const missing = target - (await readStore.collection(PARTNER_LEADS).count({ partnerId: partner._id }));
  if (missing <= 0) return;
  const subscription = await readStore.collection(AD_SUBSCRIPTIONS).findOne({ partnerId: partner._id });
  const progress = bar(`leads for ${EXPORT_PARTNER_EMAIL}`, missing, 'leads');
  let position: string | null = null;
  for (let done = 0; done < missing; done += RUN) {
    const count = Math.min(RUN, missing - done);
    ({ position } = await appendPaidLeads(eventStore, {
      partnerId: partner._id,
      subscriptionId: subscription?._id ?? 'bench-export',
      count,
      sender: (i) => ({ userId: null, name: `Bench Sender ${done + i}`, email: `bench.sender.${done + i}@example.nz`, phone: '021 555 0100' }),
      // Spread over the last year, as a busy partner's inbox is.
      at: (i) => new Date(Date.now() - ((done + i) % 365) * 86_400_000),
    }));
    progress.update(done + count);
  }
  progress.stop();
  for (const model of ['partner_leads', 'lead_charges', 'audit_log']) await waitForProjection(readStore, model, position, 600_000);
}

/** The admin's export of the demo broker on the service at `url`, timed from the request to its last byte. */
export async function measureExport(url: string, adminCookie: string): Promise<ExportFigures> {
  const users = (await (await fetch(`${url}/api/admin/users?search=${encodeURIComponent(EXPORT_PARTNER_EMAIL)}`, { headers: { cookie: adminCookie } })).json()) as { id: string }[];
  const userId = users[0]?.id;
  if (!userId) throw new Error(`the admin's user list has no ${EXPORT_PARTNER_EMAIL}`);
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/users/${userId}/export?reason=${encodeURIComponent('bench:scale export figure')}`, { headers: { cookie: adminCookie } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`the export answered ${res.status}: ${bytes.toString('utf8').slice(0, 200)}`);
  const leads = JSON.parse((await zipEntry(bytes, 'leads-received.json')).toString('utf8')) as unknown[];
  return { ms, bytes: bytes.length, leads: leads.length };
}

/** One entry of a zip (yauzl, the reader of the export's tests). */
async function zipEntry(bytes: Buffer, name: string): Promise<Buffer> {
  const zip = await new Promise<ZipFile>((resolve, reject) => fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  return new Promise<Buffer>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => reject(new Error(`the archive has no ${name}`)));
    zip.on('entry', (entry: Entry) => {
      if (entry.fileName !== name) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
    zip.readEntry();
  });
}
