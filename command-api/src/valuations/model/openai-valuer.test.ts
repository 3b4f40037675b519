import type { Comparable, Estimate } from '@kainga/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateValue, type EstimateInput } from './estimate';
import { checkAnswer, estimateWithOpenAI, VALUER_BRIEF, type AiValuationAnswer } from './openai-valuer';

// ---- A local stand-in for POST /v1/chat/completions -------------------------------------------

type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> };
type Handler = (req: Received, res: ServerResponse) => void;

let server: Server;
let baseURL: string;
let received: Received[] = [];
let handler: Handler = () => {
  throw new Error('no handler set');
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const entry: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(text) as Record<string, unknown> };
      received.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
});

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** A chat completion as the API answers it. */
const completion = (message: { content: string | null; refusal?: string | null }, finishReason = 'stop') => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_781_000_000,
  model: 'gpt-test',
  choices: [{ index: 0, message: { role: 'assistant', content: message.content, refusal: message.refusal ?? null }, logprobs: null, finish_reason: finishReason }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

const answering = (answer: unknown): Handler => (_req, res) => sendJson(res, 200, completion({ content: typeof answer === 'string' ? answer : JSON.stringify(answer) }));

// ---- The valuation being asked about -------------------------------------------------------------

const now = new Date('2026-06-15T00:00:00Z');
const input: EstimateInput = {
  address: '12 Rata Street',
  suburb: 'Ponsonby',
  city: 'Auckland',
  floorArea: 150,
  landArea: 600,
  bedrooms: 3,
  bathrooms: 2,
  rateableValue: 800_000,
  conditionScores: { kitchen: 5, bathroom: 4, roofing: 3, streetNoise: 2, pool: 0 },
};
const base: Omit<Comparable, 'saleId' | 'address' | 'price' | 'floorArea' | 'saleDate' | 'rateableValue' | 'matchPercentage'> = {
  suburb: 'Ponsonby',
  city: 'Auckland',
  bedrooms: 3,
  bathrooms: 2,
  landArea: 600,
  distance: 0.8,
  demo: false,
};
const comparables: Comparable[] = [
  { ...base, saleId: 'a', address: '3 Kauri Road', price: 1_000_000, floorArea: 125, matchPercentage: 80, rateableValue: 800_000, saleDate: '2026-05-16' },
  { ...base, saleId: 'b', address: '8 Totara Lane', price: 900_000, floorArea: 120, matchPercentage: 60, rateableValue: 750_000, saleDate: '2026-04-16' },
  { ...base, saleId: 'c', address: '21 Rimu Avenue', price: 1_020_000, floorArea: 120, matchPercentage: 60, rateableValue: 850_000, saleDate: '2026-06-15', demo: true },
];
const modelEstimate: Estimate = estimateValue(input, comparables, { now, citySaleToRvRatio: null, cityMedianPricePerM2: null });

const goodAnswer: AiValuationAnswer = {
  estimatedValue: 1_212_400,
  conservativeValue: 1_120_000,
  optimisticValue: 1_300_000,
  conditionAdjustment: 30_200,
  marketAdjustment: 45_000,
  confidence: 71.6,
  explanation: ['Comparable sales: three Ponsonby sales around $8,000/m² suggest $1,200,000.', '  ', 'Condition: mostly good to excellent, +$30,000.'],
};

const client = () => new OpenAI({ apiKey: 'test', baseURL });
const deps = (timeoutMs?: number) => ({ client: client(), model: 'gpt-test', now, ...(timeoutMs ? { timeoutMs } : {}) });
const asFallback = (reason: string): Estimate => ({ ...modelEstimate, fallbackReason: reason });

describe('estimateWithOpenAI against a local chat-completions server', () => {
  it('uses a good answer, rounded, with the base value derived from it', async () => {
    handler = answering(goodAnswer);
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result).toEqual({
      estimatedValue: 1_212_000,
      conservativeValue: 1_120_000,
      optimisticValue: 1_300_000,
      conditionAdjustment: 30_000,
      marketAdjustment: 45_000,
      baseValue: 1_137_000,
      confidence: 72,
      engine: 'openai',
      engineVersion: 'gpt-test',
      explanation: ['Comparable sales: three Ponsonby sales around $8,000/m² suggest $1,200,000.', 'Condition: mostly good to excellent, +$30,000.'],
      fallbackReason: null,
    });
    expect(result.baseValue + result.conditionAdjustment + result.marketAdjustment).toBe(result.estimatedValue);
  });

  it('sends the brief, the property, every rated criterion, the comparables and the model estimate', async () => {
    handler = answering(goodAnswer);
    await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(received).toHaveLength(1);
    const [req] = received;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/v1/chat/completions');
    expect(req!.headers.authorization).toBe('Bearer test');
    expect(req!.body.model).toBe('gpt-test');

    const messages = req!.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const system = messages[0]!.content;
    expect(system).toBe(VALUER_BRIEF);
    expect(system).toContain('certified New Zealand property valuer');
    expect(system).toContain('up to 5 sold comparable properties from the last 3 months');
    expect(system).toContain('New Zealand dollars (NZD)');
    expect(system).toContain('explanation: your reasoning');

    const user = messages[1]!.content;
    expect(user).toContain('Valuation date: 2026-06-15');
    expect(user).toContain('12 Rata Street, Ponsonby, Auckland');
    expect(user).toContain('Floor area: 150 m²');
    expect(user).toContain('Rateable value (RV): $800,000');
    // Every rated criterion with its label and star name, by section; N/A ones left out.
    expect(user).toContain('Core Areas:\n- Kitchen: 5/5 (Excellent)\n- Bathroom: 4/5 (Very Good)');
    expect(user).toContain('Building Systems:\n- Roofing: 3/5 (Good)');
    expect(user).toContain('Location & Environment:\n- Street Noise (5 = quiet): 2/5 (Fair)');
    expect(user).not.toContain('Pool');
    // The comparables, the demo one flagged.
    expect(user).toContain('Comparable sales (3):');
    expect(user).toContain('1. 3 Kauri Road, Ponsonby, Auckland: sold 2026-05-16 for $1,000,000; 3 bed, 2 bath; floor 125 m², land 600 m²; RV $800,000; 0.8 km away; match 80 %');
    expect(user).toMatch(/3\. 21 Rimu Avenue.*generated demo data, not a real sale/);
    // The model's estimate as a reference, with its reasoning.
    expect(user).toContain(`Estimated value: $${modelEstimate.estimatedValue.toLocaleString('en-NZ')}`);
    for (const line of modelEstimate.explanation) expect(user).toContain(line);

    const format = req!.body.response_format as { type: string; json_schema: { name: string; strict: boolean; schema: { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean } } };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.additionalProperties).toBe(false);
    expect(format.json_schema.schema.required.sort()).toEqual(
      ['confidence', 'conditionAdjustment', 'conservativeValue', 'estimatedValue', 'explanation', 'marketAdjustment', 'optimisticValue'].sort(),
    );
  });

  it('falls back to the model when the answer is out of bounds', async () => {
    handler = answering({ ...goodAnswer, estimatedValue: modelEstimate.estimatedValue * 1.5, optimisticValue: modelEstimate.estimatedValue * 1.6 });
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result.engine).toBe('model');
    expect(result.fallbackReason).toBe('The AI estimate was outside sane bounds (more than 40 % from the model).');
    expect(result).toEqual(asFallback('The AI estimate was outside sane bounds (more than 40 % from the model).'));
  });

  it('falls back on a server error, after one retry', async () => {
    handler = (_req, res) => sendJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } }, { 'retry-after-ms': '10' });
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result).toEqual(asFallback('The AI valuer answered with an error (HTTP 500).'));
    expect(received).toHaveLength(2); // maxRetries: 1
  });

  it('does not retry or leak the message of a 401', async () => {
    handler = (_req, res) => sendJson(res, 401, { error: { message: 'Incorrect API key provided: te**st', type: 'invalid_request_error' } });
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result.engine).toBe('model');
    expect(result.fallbackReason).toBe('The AI valuer answered with an error (HTTP 401).');
    expect(received).toHaveLength(1);
  });

  it('falls back when the answer is malformed JSON', async () => {
    handler = answering('{"estimatedValue": 1200000, "conservativeValue": ');
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result).toEqual(asFallback('The AI answer was not valid JSON.'));
  });

  it('falls back when the response body itself is malformed JSON', async () => {
    handler = (_req, res) => sendJson(res, 200, '{"id": "chatcmpl-test", "choices": [');
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result.engine).toBe('model');
    expect(result.fallbackReason).toBe('The AI answer was not valid JSON.');
  });

  it('falls back when fields are missing or of the wrong type', async () => {
    const { confidence: _confidence, ...withoutConfidence } = goodAnswer;
    handler = answering(withoutConfidence);
    const missing = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(missing.engine).toBe('model');
    expect(missing.fallbackReason).toMatch(/^The AI answer did not have the expected fields \(confidence: /);

    handler = answering({ ...goodAnswer, estimatedValue: '1,200,000' });
    const wrongType = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(wrongType.fallbackReason).toMatch(/^The AI answer did not have the expected fields \(estimatedValue: /);
  });

  it('falls back on a refusal', async () => {
    handler = (_req, res) => sendJson(res, 200, completion({ content: null, refusal: 'I cannot help with that.' }));
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result).toEqual(asFallback('The AI valuer declined to value this property: I cannot help with that.'));
  });

  it('falls back on a cut-off answer', async () => {
    handler = (_req, res) => sendJson(res, 200, completion({ content: '{"estimatedValue": 12' }, 'length'));
    const result = await estimateWithOpenAI(deps(), input, comparables, modelEstimate);
    expect(result).toEqual(asFallback('The AI answer was cut off before it was complete.'));
  });

  it('falls back when the server does not answer in time', async () => {
    handler = () => {
      /* never answers */
    };
    const result = await estimateWithOpenAI(deps(200), input, comparables, modelEstimate);
    expect(result).toEqual(asFallback('The AI valuer did not answer within 0.2 seconds.'));
    expect(received).toHaveLength(2);
  });

  it('falls back when the server cannot be reached', async () => {
    const unreachable = new OpenAI({ apiKey: 'test', baseURL: 'http://127.0.0.1:1/v1' });
    const result = await estimateWithOpenAI({ client: unreachable, model: 'gpt-test', now }, input, comparables, modelEstimate);
    expect(result).toEqual(asFallback('The AI valuer could not be reached.'));
  });
});

describe('checkAnswer', () => {
  const ok = { ...goodAnswer };
  const reason = (why: string) => `The AI estimate was outside sane bounds (${why}).`;

  it('accepts a sane answer', () => {
    expect(checkAnswer(ok, modelEstimate)).toBeNull();
  });

  it('refuses non-positive values', () => {
    expect(checkAnswer({ ...ok, conservativeValue: 0 }, modelEstimate)).toBe(reason('a value was zero or negative'));
    expect(checkAnswer({ ...ok, estimatedValue: -5 }, modelEstimate)).toBe(reason('a value was zero or negative'));
    expect(checkAnswer({ ...ok, optimisticValue: Number.NaN }, modelEstimate)).toBe(reason('a value was not a finite number'));
  });

  it('refuses a broken order', () => {
    expect(checkAnswer({ ...ok, conservativeValue: 1_250_000 }, modelEstimate)).toBe(reason('conservative, estimated and optimistic values were out of order'));
    expect(checkAnswer({ ...ok, optimisticValue: 1_200_000 }, modelEstimate)).toBe(reason('conservative, estimated and optimistic values were out of order'));
  });

  it('refuses a confidence outside 0–100', () => {
    expect(checkAnswer({ ...ok, confidence: 101 }, modelEstimate)).toBe(reason('confidence was outside 0–100'));
    expect(checkAnswer({ ...ok, confidence: -1 }, modelEstimate)).toBe(reason('confidence was outside 0–100'));
    expect(checkAnswer({ ...ok, confidence: 100 }, modelEstimate)).toBeNull();
  });

  it('refuses an estimate more than 40 % from the model, either way', () => {
    const m = modelEstimate.estimatedValue;
    const at = (e: number) => checkAnswer({ ...ok, estimatedValue: e, conservativeValue: e * 0.9, optimisticValue: e * 1.1, conditionAdjustment: 0, marketAdjustment: 0 }, modelEstimate);
    expect(at(m * 1.4)).toBeNull();
    expect(at(m * 0.6)).toBeNull();
    expect(at(m * 1.41)).toBe(reason('more than 40 % from the model'));
    expect(at(m * 0.59)).toBe(reason('more than 40 % from the model'));
  });

  it('refuses adjustments larger than the estimate, and an empty explanation', () => {
    expect(checkAnswer({ ...ok, conditionAdjustment: 1_300_000 }, modelEstimate)).toBe(reason('the adjustments were larger than the estimate'));
    expect(checkAnswer({ ...ok, explanation: [' '] }, modelEstimate)).toBe('The AI answer gave no reasoning.');
    expect(checkAnswer({ ...ok, explanation: [] }, modelEstimate)).toBe('The AI answer gave no reasoning.');
  });
});
