/** The words for the error codes the server's OAuth callback sends back to /sign-in. */
const providerLabel = (p: string | null) => (p === 'github' ? 'GitHub' : p === 'google' ? 'Google' : 'The provider');

export function oauthErrorMessage(code: string | null, provider: string | null): string | null {
  const who = providerLabel(provider);
  switch (code) {
    case 'cancelled':
      return `${who} sign-in was cancelled.`;
    case 'expired':
      return 'That sign-in link has expired. Please try again.';
    case 'failed':
      return `${who} did not confirm the sign-in. Please try again.`;
    case 'unverified':
      return `Your ${who} account has no verified email address. Verify it there, or sign in with email.`;
    default:
      return null;
  }
}
