/** The report document's own title ('Valuation report — <address>'), for the page's title; null if none. */
export function reportTitle(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/i.exec(html);
  if (!match) return null;
  const text = match[1]!
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  return text || null;
}
