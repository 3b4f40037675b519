import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { domainEventTypes } from '@kainga/contracts';

const events = join(dirname(fileURLToPath(import.meta.url)), '../../../contracts/src/events');

describe('domainEventTypes', () => {
  it('holds every event type declared in contracts/src/events (a new union must be added to it)', () => {
    const declared = readdirSync(events)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(join(events, f), 'utf8').matchAll(/type: z\.literal\('([A-Za-z]+)'\)/g)].map((m) => m[1]!));
    expect(declared.length).toBeGreaterThan(50);
    expect([...domainEventTypes].sort()).toEqual([...new Set(declared)].sort());
  });
});
