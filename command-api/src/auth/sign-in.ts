import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface Session {
    /** How this session signed in: an admin link for a password account needs the password. */
    signInMethod?: 'password' | 'google' | 'github';
    /** When it signed in (ISO): deleting an account without a password asks for a fresh provider sign-in. */
    signedInAt?: string;
    /** An admin-email link opened while signed out, confirmed at the next sign-in. */
    adminEmailToken?: string;
  }
}

/** Where the browser may be sent after sign-in: same-site paths only, never another host. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && !value.startsWith('/api/') ? value : '/';
}

/** A fresh session id at every sign-in, so a session fixed before sign-in is worthless after. */
export async function signIn(request: FastifyRequest, userId: string, method: 'password' | 'google' | 'github') {
  const pendingAdminToken = request.session.adminEmailToken;
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.signInMethod = method;
  request.session.signedInAt = new Date().toISOString();
  if (pendingAdminToken) request.session.adminEmailToken = pendingAdminToken;
  await request.session.save();
}
