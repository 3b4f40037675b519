/**
 * Where to go after signing in. The server's GET /api/login redirects to `/sign-in?returnTo=…`;
 * only same-origin application paths are honoured, anything else goes home:
 * - must start with a single '/' (not '//' or '/\', which browsers treat as another host);
 * - no control characters or backslashes;
 * - not an /api/ path (those are server endpoints, not screens) and not the sign-in screen itself.
 */
export function sanitizeReturnTo(raw: string | null | undefined): string {
  if (!raw || typeof raw !== 'string') return '/';
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  let url: URL;
  try {
    url = new URL(value, 'https://kainga.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'https://kainga.invalid') return '/';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return '/';
  if (url.pathname === '/sign-in') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
