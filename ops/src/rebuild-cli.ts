import { DEFAULT_REBUILD_BATCH, EMBEDDED_REBUILD_BATCH, loadConfig, openStores, rebuildProjections, recordVersion } from '@kainga/platform';
import { allProjectors } from '@kainga/projections';
import cliProgress from 'cli-progress';
import { serverRunningOn } from './pid-lock';
import { runWhenMain } from './cli-main';

/**
 * `npm run projections:rebuild -- <name|all>`: rebuilds read models from the first event into
 * fresh collections and swaps them in, with a progress bar per read model.
 */
export async function main(args: string[]): Promise<number> {
  const wanted = args[0];
  const names = allProjectors.map((p) => p.name);
  if (!wanted || (wanted !== 'all' && !names.includes(wanted))) {
    console.error(`Usage: npm run projections:rebuild -- <${[...names, 'all'].join('|')}>`);
    return 2;
  }
  const config = loadConfig(process.env);
  if (!config.MONGO_URL) {
    // The embedded read models live in the memory of a running server: rebuild with it stopped.
    const running = serverRunningOn(config.DATA_DIR, 'rebuild');
    if (running) {
      console.error(running);
      return 1;
    }
  }
  const stores = await openStores(config);
  const bars = new cliProgress.MultiBar(
    { format: ' {name} |{bar}| {percentage}% | {value}/{total} events | {eta_formatted} left', hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  try {
    // One pass over the log for every read model asked for (see rebuildProjections).
    const projectors = allProjectors.filter((p) => wanted === 'all' || p.name === wanted);
    const bar = new Map(projectors.map((p) => [p.name, bars.create(1, 0, { name: p.name.padEnd(16) })]));
    const result = await rebuildProjections(stores, projectors, {
      batchSize: config.MONGO_URL ? DEFAULT_REBUILD_BATCH : EMBEDDED_REBUILD_BATCH,
      onProgress: ({ projection, done, total }) => {
        bar.get(projection)?.setTotal(Math.max(total, 1));
        bar.get(projection)?.update(done);
      },
    });
    for (const b of bar.values()) b.stop();
    for (const projector of projectors) await recordVersion(stores.readStore, projector);
    for (const r of result.projections) bars.log(`✔ ${r.projection}: ${r.events} events → ${r.documents} documents\n`);
    bars.log(`${result.read} events read once for ${result.projections.length} read model(s) in ${(result.ms / 1000).toFixed(2)} s\n`);
  } finally {
    bars.stop();
    await stores.close();
  }
  return 0;
}

runWhenMain(import.meta.url, () => main(process.argv.slice(2)));
