/**
 * The signed-in hint: a readable (not HttpOnly) cookie, value "1", that the server keeps beside
 * the session cookie while a session is signed in. It holds no secret and grants nothing — the
 * session cookie does that; it only lets the web app know it is signed out without asking
 * GET /api/auth/user, whose 401 (the spec's answer when signed out) browsers log as an error.
 */
export const SIGNED_IN_HINT_COOKIE = 'kainga.signed_in';
