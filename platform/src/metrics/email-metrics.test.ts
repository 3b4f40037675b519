import { describe, expect, it } from 'vitest';
import type { EmailMessage, EmailSender } from '../email/email-sender';
import { parseMetrics, sampleValue } from '../testing/metrics-text';
import { MeteredEmailSender } from './email-metrics';
import { metricsRegistry } from './registry';

describe('MeteredEmailSender', () => {
  it('counts sends and failures by transport, passing each failure on', async () => {
    const count = async (outcome: string) => sampleValue(parseMetrics(await metricsRegistry.metrics()), 'kainga_email_sends_total', { transport: 'smtp', outcome });
    const sent: string[] = [];
    const inner: EmailSender = {
      describe: 'smtp test',
      send: async (m: EmailMessage) => {
        if (m.to.startsWith('bounce')) throw new Error('mailbox unavailable');
        sent.push(m.id);
      },
    };
    const sender = new MeteredEmailSender(inner, 'smtp');
    const before = { sent: await count('sent'), failed: await count('failed') };
    await sender.send({ id: 'a', to: 'aroha@example.nz', subject: 'Hi', text: 'Kia ora' });
    await sender.send({ id: 'b', to: 'mere@example.nz', subject: 'Hi', text: 'Kia ora' });
    await expect(sender.send({ id: 'c', to: 'bounce@example.nz', subject: 'Hi', text: 'Kia ora' })).rejects.toThrow('mailbox unavailable');
    expect(sent).toEqual(['a', 'b']);
    expect(sender.describe).toBe('smtp test');
    expect((await count('sent')) - before.sent).toBe(2);
    expect((await count('failed')) - before.failed).toBe(1);
  });
});
