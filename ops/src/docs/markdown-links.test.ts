import { describe, expect, it } from 'vitest';
import { anchorOf, anchorsOf, relativeLinksOf } from './markdown-links';

describe('relativeLinksOf', () => {
  it('finds relative links, and leaves out web addresses and code', () => {
    const page = [
      'See [the settings](configuration.md), [logs](operations.md#logs) and [above](#top).',
      '[`.env.example`](../.env.example) · [Stripe](https://stripe.com) · [mail](mailto:a@b.nz)',
      '`[not a link](nowhere.md)`',
      '```',
      '[nor this](nowhere.md)',
      '```',
    ].join('\n');
    expect(relativeLinksOf(page)).toEqual(['configuration.md', 'operations.md#logs', '#top', '../.env.example']);
  });
});

describe('anchorOf', () => {
  it('makes the anchor GitHub makes', () => {
    expect(anchorOf('Logs')).toBe('logs');
    expect(anchorOf("The admin's event history")).toBe('the-admins-event-history');
    expect(anchorOf('At demo size, 10× and 100× (`npm run bench:scale`)')).toBe('at-demo-size-10-and-100-npm-run-benchscale');
    expect(anchorOf('Kāinga')).toBe('kāinga');
  });

  it('reads the headings of a page, not the lines of its code', () => {
    expect(anchorsOf('# Title\n\n## Logs\n\n```sh\n# a comment\n```\n')).toEqual(new Set(['title', 'logs']));
  });
});
