import { SIGNED_IN_HINT_COOKIE } from '@kainga/contracts/browser';

/**
 * Whether the server's signed-in hint cookie is present (contracts/src/signed-in-hint.ts). Absent,
 * the visitor is signed out and the app does not ask GET /api/auth/user (whose 401 browsers log
 * as an error). Present, the user call decides; a stale hint costs one 401 and is then cleared by
 * the server. Outside a browser (the build's prerender) there are no cookies: signed out.
 */
export function hasSignedInHint(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
