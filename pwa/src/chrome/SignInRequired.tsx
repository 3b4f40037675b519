import { signInUrl } from './menu-items';

/**
 * What a screen for signed-in people shows a signed-out visitor: a heading, what signing in is
 * for, and Sign In, which comes back here. /apply, /partner-enquiry and /messages read
 * 'Authentication Required'; /profile 'Access Denied' (partner/admin spec §2, §8).
 */
export function SignInRequired({ returnTo, what, title = 'Authentication Required' }: { returnTo: string; what: string; title?: string }) {
  return (
    <section className="container page narrow center" aria-labelledby="sign-in-required-title">
      <h1 id="sign-in-required-title">{title}</h1>
      <p className="lead">Please sign in to {what}.</p>
      <p>
        <a href={signInUrl(returnTo)} className="button-link primary">
          Sign In
        </a>
      </p>
    </section>
  );
}
