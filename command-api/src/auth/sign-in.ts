import type { FastifyRequest } from 'fastify';

/** Where the browser may be sent after sign-in: same-site paths only, never another host. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && !value.startsWith('/api/') ? value : '/';
}

/** A fresh session id at every sign-in, so a session fixed before sign-in is worthless after. */
export async function signIn(request: FastifyRequest, userId: string) {
  await request.session.regenerate();
  request.session.userId = userId;
  await request.session.save();
}
