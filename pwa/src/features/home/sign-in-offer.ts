import type { AuthProviders } from '@kainga/contracts';

/**
 * The landing page's sign-in line (consumer spec §1: "Sign-in is offered via Google, GitHub or
 * email"), naming only what the server offers (GET /api/auth/providers). Email is always offered;
 * until the answer is known (and in the prerendered page) only email is promised.
 */
export function signInOffer(providers: AuthProviders | undefined): string {
  const ways = [providers?.google && 'Google', providers?.github && 'GitHub'].filter((w): w is string => Boolean(w));
  return ways.length === 0 ? 'Sign in with your email address' : `Sign in with ${ways.join(', ')} or email`;
}
