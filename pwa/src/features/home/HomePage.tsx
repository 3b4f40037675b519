import { Link } from 'react-router-dom';
import type { User } from '@kainga/contracts';
import { useUser } from '../../auth/user';
import { usePageTitle } from '../../chrome/usePageTitle';
import { SIGN_IN_URL } from '../../chrome/menu-items';

const features = [
  {
    title: '33+ Condition Criteria',
    text: 'Rate kitchens, bathrooms, building systems, outdoor living, location and more on a simple star scale.',
  },
  {
    title: 'AI-Powered Analysis',
    text: 'An AI acting as a certified NZ property valuer weighs your ratings against the council rateable value.',
  },
  {
    title: 'Market Intelligence',
    text: 'Up to 5 comparable properties sold in the last 3 months inform every estimate.',
  },
];

const benefits = [
  'Free assessments — no obligation',
  'Three estimates: estimated, conservative and optimistic values',
  'Condition and market adjustments explained',
  'A confidence level with every estimate',
  'Sign in with Google, GitHub or email',
];

/** The signed-out home (consumer spec "Signed-out home"), also shown while the user is loading. */
function SignedOutHome() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">Whats that property really worth?</h1>
          <p className="lead">
            Free, explainable estimates of a New Zealand home's market value from its condition, the council rateable value
            and recent comparable sales.
          </p>
          <div className="hero-actions">
            <a href={SIGN_IN_URL} className="button-link primary large">
              Get Started - Free Assessment
            </a>
            <Link to="/how-it-works" className="button-link large">
              How It Works
            </Link>
          </div>
        </div>
      </section>
      <section className="container page" aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          Features
        </h2>
        <ul className="feature-grid">
          {features.map((f) => (
            <li key={f.title} className="card">
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container page" aria-labelledby="why-title">
        <h2 id="why-title">Why Choose Kāinga</h2>
        <ul className="benefits">
          {benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </section>
      <section className="container page cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to find out what your property is worth?</h2>
        <a href={SIGN_IN_URL} className="button-link primary large">
          Get Started - Free Assessment
        </a>
      </section>
    </>
  );
}

/**
 * The signed-in home. The valuation wizard (consumer spec "Valuation wizard") is not built yet,
 * so this says so instead of showing a form that cannot work.
 */
function SignedInHome({ user }: { user: User }) {
  const firstName = user.firstName.trim() || 'there';
  return (
    <section className="container page" aria-labelledby="welcome-title">
      <div className="card welcome">
        <h1 id="welcome-title">Kia ora, {firstName}</h1>
        <p className="lead">Welcome to Kāinga.</p>
        <div className="notice" role="note">
          <h2>The valuation wizard is on its way</h2>
          <p>
            We're still building the property assessment wizard, so valuations aren't available yet. When it's ready you'll
            be able to describe a property, rate its condition and get an estimate right here.
          </p>
        </div>
        <p className="actions">
          <Link to="/how-it-works" className="button-link">
            How It Works
          </Link>
          <Link to="/profile" className="button-link">
            Profile Settings
          </Link>
        </p>
      </div>
    </section>
  );
}

/** Home (/): one screen when signed in, another when signed out or still loading (partner/admin spec §2). */
export default function HomePage() {
  const { user } = useUser();
  usePageTitle(null);
  return user ? <SignedInHome user={user} /> : <SignedOutHome />;
}
