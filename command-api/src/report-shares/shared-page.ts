import { escapeHtml } from '../valuations/report';

/** What a link that no longer works says (revoked, expired, or never a link). */
export const SHARED_LINK_GONE_TITLE = 'This shared report is no longer available';
export const SHARED_LINK_GONE_TEXT = 'The link has expired, or its owner stopped sharing it. Ask them for a new link.';

/** The 404 page of a shared link: a whole document, readable without the app or its scripts. */
export function sharedLinkGonePage(): string {
  return `<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(SHARED_LINK_GONE_TITLE)} — Kāinga</title>
<style>
  body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
  h1 { font-size: 1.5rem; } a { color: #0b6e4f; display: inline-block; padding: .5rem 0; }
</style>
</head>
<body>
<main>
  <p>Kāinga</p>
  <h1>${escapeHtml(SHARED_LINK_GONE_TITLE)}</h1>
  <p>${escapeHtml(SHARED_LINK_GONE_TEXT)}</p>
  <p><a href="/">Get a free estimate of your own home</a></p>
</main>
</body>
</html>`;
}
