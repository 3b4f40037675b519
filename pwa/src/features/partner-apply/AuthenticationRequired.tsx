import { signInUrl } from '../../chrome/menu-items';

/** What /apply and /partner-enquiry show signed out (partner/admin spec §2, §8). */
export function AuthenticationRequired({ returnTo, what }: { returnTo: string; what: string }) {
  return (
    <section className="container page narrow center" aria-labelledby="auth-required-title">
      <h1 id="auth-required-title">Authentication Required</h1>
      <p className="lead">Please sign in to {what}.</p>
      <p>
        <a href={signInUrl(returnTo)} className="button-link primary">
          Sign In
        </a>
      </p>
    </section>
  );
}
