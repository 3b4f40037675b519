import { loadConfig, openStores, type Stores } from '@kainga/platform';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli';
import { parseCsv } from './csv';
import { errorsCsv, importSales, SalesFileError } from './import-sales';

const here = dirname(fileURLToPath(import.meta.url));
const example = readFileSync(join(here, 'example-sales.csv'), 'utf8');
const header = example.split('\n')[0]!;
const now = new Date('2026-11-22T10:00:00Z');
const options = { source: 'csv-import:test.csv', correlationId: 'import:test.csv:t', now };

let dataDir: string;
let stores: Stores;
const sales = async () => (await stores.eventStore.readAll({ filter: { eventTypes: ['SaleRecorded'] } })).map((e) => e.data as Record<string, unknown>);

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'import-sales-'));
  stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
});
afterEach(async () => {
  await stores.close();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('importSales', () => {
  it('imports the example file, and a second import records nothing new', async () => {
    const progress: [number, number][] = [];
    const first = await importSales(stores, example, { ...options, onProgress: (d, t) => progress.push([d, t]) });
    expect(first).toMatchObject({ rows: 10, imported: 10, alreadyPresent: 0, rejected: 0, errors: [] });
    expect(progress[0]).toEqual([0, 10]);
    expect(progress.at(-1)).toEqual([10, 10]);
    const recorded = await sales();
    expect(recorded).toHaveLength(10);
    expect(recorded.find((s) => s.address === 'Flat 2, 37 Seaview Road')).toMatchObject({
      suburb: 'Remuera',
      city: 'Auckland',
      saleDate: '2026-08-03',
      price: 865_000,
      landArea: 0,
      rateableValue: 900_000,
      latitude: null,
      longitude: null,
      demo: false,
      source: 'csv-import:test.csv',
    });
    expect(recorded.find((s) => s.address === '9 Pohutukawa Avenue')).toMatchObject({ city: 'Whangārei' });
    const metadata = (await stores.eventStore.readAll({ filter: { eventTypes: ['SaleRecorded'] } }))[0]!.metadata;
    expect(metadata).toEqual({ actorId: null, actorRoles: [], correlationId: 'import:test.csv:t', causationId: null, occurredAt: now.toISOString() });

    const second = await importSales(stores, example, { ...options, correlationId: 'again' });
    expect(second).toMatchObject({ rows: 10, imported: 0, alreadyPresent: 10, rejected: 0 });
    expect(await sales()).toHaveLength(10);
  });

  it('reports bad rows with their row numbers and still imports the good ones', async () => {
    const csv = [
      header,
      '1 Good Street,Petone,Lower Hutt,2026-01-10,"$720,000",3,1,110,500,,,,house',
      '',
      '2 Bad Street,Nowhere,Sydney,2026-01-10,720000,3,1,110,500,,,,',
      '"3 Multi\nLine Street",Centre,Nelson,2099-01-01,720000,3,1,110,500,,,,',
      '4 Short Street,Centre,Nelson,2026-01-10',
      '5 Good Road,,Wanganui,2026-02-11,455000,2,1,90,600,,-39.93,175.05,house',
      '5 Good Road,,Whanganui,2026-02-11,455000,2,1,90,600,,-39.93,175.05,house',
      '6 Far Road,,Gore,2026-02-11,455000,2,1,90,600,,-33.9,151.2,',
    ].join('\r\n');
    const result = await importSales(stores, csv, options);
    expect(result).toMatchObject({ rows: 7, imported: 2, alreadyPresent: 1, rejected: 4 });
    expect(result.errors.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 4, message: 'city "Sydney" is not one of the 90 Kāinga locations' },
      { row: 5, message: 'sale_date 2099-01-01 is in the future' },
      { row: 7, message: expect.stringMatching(/^the row has 4 fields but the header has 13 .*; price is empty; bedrooms is empty/) },
      { row: 10, message: 'latitude/longitude -33.9, 151.2 is outside New Zealand' },
    ]);
    expect((await sales()).map((s) => s.city).sort()).toEqual(['Lower Hutt', 'Whanganui']);

    // The errors file holds the rows as they were and reads back as CSV.
    const back = parseCsv(errorsCsv(result)).map((r) => r.fields);
    expect(back[0]).toEqual(['row', 'errors', ...header.split(',')]);
    expect(back[2]!.slice(0, 3)).toEqual(['5', 'sale_date 2099-01-01 is in the future', '3 Multi\nLine Street']);
    // A negative latitude is a number, not a formula: it comes back as it was, ready to import again.
    expect(back[4]!.slice(-3)).toEqual(['-33.9', '151.2', '']);
  });

  it('refuses a file whose header is wrong, naming the missing columns', async () => {
    await expect(importSales(stores, 'address,city,price\n1 A St,Nelson,500000\n', options)).rejects.toThrow(
      /missing columns: suburb, sale_date, bedrooms, bathrooms, floor_area, land_area/,
    );
    await expect(importSales(stores, '', options)).rejects.toThrow(SalesFileError);
    await expect(importSales(stores, `${header}\n"open,Nelson\n`, options)).rejects.toThrow(/not valid CSV: line 2/);
    // Optional columns may be left out; names are case-insensitive, in any order, extras ignored.
    const minimal = 'City,Address,Suburb,Sale_Date,Price,Bedrooms,Bathrooms,Floor_Area,Land_Area,Agent\nNelson,1 A St,Stoke,2026-01-02,500000,3,1,100,600,Jo\n';
    expect(await importSales(stores, minimal, options)).toMatchObject({ imported: 1, rejected: 0 });
  });

  it('marks sales as demo data when asked', async () => {
    await importSales(stores, example, { ...options, demo: true });
    expect((await sales()).every((s) => s.demo === true)).toBe(true);
  });
});

describe('npm run import:sales', () => {
  const output = () => {
    const lines: string[] = [];
    return { lines, out: { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) } };
  };

  it('imports a file, reports rejected rows and writes them beside the file', async () => {
    await stores.close();
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('EVENTSTORE_URL', '');
    vi.stubEnv('MONGO_URL', '');
    const file = join(dataDir, 'sales.csv');
    writeFileSync(file, `${example.trimEnd()}\n1 Odd Street,,Atlantis,2026-01-01,500000,3,1,100,500,,,,\n`);
    const { lines, out } = output();
    expect(await main([file], out)).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/imported\s+10/);
    expect(text).toMatch(/rejected\s+1/);
    expect(text).toContain('row 12: city "Atlantis" is not one of the 90 Kāinga locations');
    expect(readFileSync(`${file}.errors.csv`, 'utf8')).toContain('12,"city ""Atlantis"" is not one of the 90 Kāinga locations",1 Odd Street');

    // Again, with the bad row removed: nothing new, and the stale errors file goes.
    writeFileSync(file, example);
    const again = output();
    expect(await main([file], again.out)).toBe(0);
    expect(again.lines.join('\n')).toMatch(/imported\s+0[\s\S]*already present\s+10[\s\S]*rejected\s+0/);
    expect(existsSync(`${file}.errors.csv`)).toBe(false);
    stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    expect(await sales()).toHaveLength(10);
  });

  it('exits 1 for a missing file or a wrong header, 2 for a wrong command line', async () => {
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('EVENTSTORE_URL', '');
    vi.stubEnv('MONGO_URL', '');
    const missing = output();
    expect(await main([join(dataDir, 'nope.csv')], missing.out)).toBe(1);
    expect(missing.lines[0]).toMatch(/Cannot read .*nope\.csv: no such file/);
    const file = join(dataDir, 'wrong.csv');
    writeFileSync(file, 'address,city\n1 A St,Nelson\n');
    const wrong = output();
    expect(await main([file], wrong.out)).toBe(1);
    expect(wrong.lines[0]).toMatch(/missing columns: suburb, sale_date, price, bedrooms, bathrooms, floor_area, land_area/);
    const usage = output();
    expect(await main([], usage.out)).toBe(2);
    expect(await main([file, '--force'], usage.out)).toBe(2);
    expect(usage.lines[0]).toMatch(/^Usage: npm run import:sales -- <file.csv>/);
  });

  it('refuses to run while Kāinga holds the embedded DATA_DIR', async () => {
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('EVENTSTORE_URL', '');
    vi.stubEnv('MONGO_URL', '');
    // The parent process (the test runner) is alive and is not this process.
    writeFileSync(join(dataDir, 'kainga.pid'), String(process.ppid));
    const file = join(dataDir, 'sales.csv');
    writeFileSync(file, example);
    const { lines, out } = output();
    expect(await main([file], out)).toBe(1);
    expect(lines[0]).toMatch(/is running on .*Stop it first, then import/);
    expect(await sales()).toHaveLength(0);
  });
});
