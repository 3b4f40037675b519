/**
 * Who fetches a shared link without a person behind it: chat and mail apps making a preview
 * (they read the Open Graph tags), search and other robots. Their fetches are answered but not
 * counted as opens, so "opened 3 times" means three people looked.
 */
const PREVIEW_AGENTS =
  /bot|crawl|spider|slurp|facebookexternalhit|facebookcatalog|whatsapp|telegram|slack|discord|skype|linkedin|pinterest|embedly|quora link preview|outlook|iframely|vkshare|w3c_validator|preview|curl|wget|python-requests|go-http-client|okhttp|node-fetch|undici/i;

export function isLinkPreviewOrRobot(userAgent: string | undefined): boolean {
  return !userAgent || PREVIEW_AGENTS.test(userAgent);
}
