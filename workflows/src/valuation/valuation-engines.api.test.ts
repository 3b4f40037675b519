import { recordSale } from '@kainga/command-api';
import { client, startTestApp } from '@kainga/command-api/testing';
import { WorkflowTimeoutError, type WorkflowEngine } from '@kainga/platform/workflow';
import OpenAI from 'openai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createWorkflowEngine } from '../engine';
import { createActivities } from './activities';

const request = {
  purpose: 'buying',
  address: '7 Kauri Lane',
  suburb: 'Riccarton',
  city: 'Christchurch',
  floorArea: 140,
  landArea: 600,
  bedrooms: 3,
  bathrooms: 1,
  rateableValue: 690_000,
  conditionScores: { kitchen: 3, roofing: 4 },
};

describe('valuation engines behind POST /api/valuations', () => {
  it('answers the spec’s message with 504 when the valuation takes longer than the caller waits', async () => {
    // An engine that is still working when the caller's wait ends.
    const slow: WorkflowEngine = {
      execute: async (_type, _input, options) => {
        throw new WorkflowTimeoutError(options.workflowId, options.timeoutMs);
      },
      start: async () => undefined,
      signalWithStart: async () => undefined,
      close: async () => undefined,
    };
    const t = await startTestApp({}, { workflowEngine: slow });
    try {
      const c = client(t.app);
      await c.register('slow@example.nz');
      const res = await c.post('/api/valuations', request);
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({ message: 'The valuation is taking longer than expected. This might be due to complex market research. Please try again.' });
      // The request itself is recorded: the valuation can still finish and appear later.
      expect((await c.get('/api/valuations')).json()[0]).toMatchObject({ status: 'pending' });
    } finally {
      await t.close();
    }
  });

  it('lets OpenAI act as the valuer when configured, and records which engine produced the result', async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls += 1;
        const prompt = JSON.stringify(JSON.parse(body).messages);
        const ok = prompt.includes('Kauri Lane') && prompt.includes('Kitchen');
        const answer = { estimatedValue: 702_000, conservativeValue: 660_000, optimisticValue: 745_000, conditionAdjustment: 5_000, marketAdjustment: -3_000, confidence: 74, explanation: ['Comparable sales in Riccarton support about $5,000/m².'] };
        res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 0,
            model: 'test-valuer',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(answer), refusal: null } }],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const openai = { client: new OpenAI({ apiKey: 'test', baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` }), model: 'test-valuer' };
    const t = await startTestApp({}, async (base) => ({
      workflowEngine: await createWorkflowEngine({}, createActivities({ stores: base.stores, geocoder: base.geocoder, openai, logger: base.logger }), { sleep: async () => undefined }),
    }));
    try {
      const at = new Date().toISOString();
      for (const [i, price] of [705_000, 680_000, 720_000].entries()) {
        await recordSale(
          t.deps,
          { address: `${i + 1} Test Road`, suburb: 'Riccarton', city: 'Christchurch', saleDate: at.slice(0, 10), price, bedrooms: 3, bathrooms: 1, floorArea: 140, landArea: 600, rateableValue: 690_000, latitude: null, longitude: null, demo: false, source: 'test' },
          { actorId: null, actorRoles: [], correlationId: 't', causationId: null, occurredAt: at },
        );
      }
      const c = client(t.app);
      await c.register('ai@example.nz');
      const res = await c.post('/api/valuations', request);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ engine: 'openai', estimatedValue: 702_000, conservativeValue: 660_000, optimisticValue: 745_000 });
      expect(calls).toBe(1);
      const report = await c.post(`/api/valuations/${res.json().valuation.id}/generate-report`);
      expect(report.body).toContain('AI valuer (test-valuer)');
    } finally {
      await t.close();
      server.close();
    }
  });
});
