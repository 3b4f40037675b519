import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@kainga/contracts';
import { useUser } from '../../auth/user';
import { PageLoading } from '../../chrome/PageLoading';
import { usePageTitle } from '../../chrome/usePageTitle';
import { SIGN_IN_URL } from '../../chrome/menu-items';
import { ValuationShowcase } from '../valuation/ValuationShowcase';
import { signInOffer } from './sign-in-offer';

/** The signed-in home is its own chunk: the signed-out first load stays small. */
const SignedInHome = lazy(() => import('./SignedInHome'));

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
];

/** The signed-out home (consumer spec "Signed-out home"), also shown while the user is loading. */
function SignedOutHome() {
  // The same query as the sign-in page: the answer is shared, and the line names only those.
  const providers = useQuery<AuthProviders>({ queryKey: ['/api/auth/providers'] });
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
          <li>{signInOffer(providers.data)}</li>
        </ul>
      </section>
      <div className="container page">
        <ValuationShowcase
          headingId="showcase-title"
          title="Properties Valued Across New Zealand"
          intro="Recent assessments by Kāinga users, shown as value bands to keep owners' exact figures private."
          actions={
            <>
              <a href={SIGN_IN_URL} className="button-link primary">
                Get Started Free
              </a>
              <Link to="/map" className="button-link">
                View Map
              </Link>
            </>
          }
        />
      </div>
      <section className="container page cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to find out what your property is worth?</h2>
        <a href={SIGN_IN_URL} className="button-link primary large">
          Get Started - Free Assessment
        </a>
      </section>
    </>
  );
}

/** Home (/): one screen when signed in, another when signed out or still loading (partner/admin spec §2). */
export default function HomePage() {
  const { user } = useUser();
  usePageTitle(null);
  return user ? (
    <Suspense fallback={<PageLoading />}>
      <SignedInHome />
    </Suspense>
  ) : (
    <SignedOutHome />
  );
}
