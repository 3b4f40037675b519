/**
 * The OAuth 2.0 authorisation-code providers of the sign-in screen. Endpoints are the
 * providers' published ones; tests point them at a local server.
 */
export type OAuthProviderId = 'google' | 'github';

export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** Google: the OpenID userinfo endpoint. GitHub: the /user endpoint. */
  profileUrl: string;
  /** GitHub only: /user/emails, for the primary verified address. */
  emailsUrl?: string;
}

export interface OAuthProfile {
  email: string;
  firstName: string;
  lastName: string;
  pictureUrl: string | null;
}

export const defaultEndpoints: Record<OAuthProviderId, OAuthEndpoints> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
  },
};

export const scopes: Record<OAuthProviderId, string> = { google: 'openid email profile', github: 'read:user user:email' };
export const labels: Record<OAuthProviderId, string> = { google: 'Google', github: 'GitHub' };

const splitName = (full: string | null | undefined, fallback: string) => {
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? fallback, lastName: parts.slice(1).join(' ') };
};

async function getJson(url: string, token: string): Promise<unknown> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': 'Kainga' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** The verified email and names of the person who signed in; null when the email is not verified. */
export async function fetchProfile(provider: OAuthProviderId, endpoints: OAuthEndpoints, token: string): Promise<OAuthProfile | null> {
  if (provider === 'google') {
    const p = (await getJson(endpoints.profileUrl, token)) as { email?: string; email_verified?: boolean; given_name?: string; family_name?: string; name?: string; picture?: string };
    if (!p.email || p.email_verified !== true) return null;
    const fromName = splitName(p.name, p.email.split('@')[0]!);
    return { email: p.email.toLowerCase(), firstName: p.given_name ?? fromName.firstName, lastName: p.family_name ?? fromName.lastName, pictureUrl: p.picture ?? null };
  }
  const user = (await getJson(endpoints.profileUrl, token)) as { login?: string; name?: string | null; avatar_url?: string };
  const emails = (await getJson(endpoints.emailsUrl!, token)) as { email: string; primary: boolean; verified: boolean }[];
  const primary = emails.find((e) => e.primary && e.verified);
  if (!primary) return null;
  return { email: primary.email.toLowerCase(), ...splitName(user.name, user.login ?? primary.email.split('@')[0]!), pictureUrl: user.avatar_url ?? null };
}

export async function exchangeCode(endpoints: OAuthEndpoints, params: { code: string; clientId: string; clientSecret: string; redirectUri: string }): Promise<string> {
  const res = await fetch(endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: params.code, client_id: params.clientId, client_secret: params.clientSecret, redirect_uri: params.redirectUri }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; error?: string };
  if (!res.ok || !body.access_token) throw new Error(`token exchange failed: ${res.status} ${body.error ?? ''}`);
  return body.access_token;
}
