import { Link } from 'react-router-dom';
import { usePageTitle } from '../../chrome/usePageTitle';
import './partner-apply.css';

const benefits = [
  { title: 'Qualified local leads', text: 'Owners who have just valued their home reach you when they need finance, a registered valuation or a property manager.' },
  { title: 'Your own partner profile', text: 'Show your business, licence, experience, team and a short video to the people in the towns you serve.' },
  { title: 'One dashboard', text: 'Read every enquiry, answer it by email and see how many new contacts you had this month.' },
  { title: 'Advertising when you want it', text: 'Gold, silver and bronze plans put your business in front of owners in your locations.' },
];

const steps = [
  { title: 'Apply', text: 'Tell us about your business, your partner role and the locations you serve.' },
  { title: 'Get approved', text: 'Our team reviews your application and confirms your role and locations.' },
  { title: 'Receive leads', text: 'Owners in your locations find you and contact you through Kāinga.' },
];

const partnerTypes = [
  { title: 'Mortgage Brokers', text: 'Help buyers and owners find and arrange home loans.' },
  { title: 'Registered Valuers', text: 'Provide registered valuations for lending, legal and insurance purposes.' },
  { title: 'Property Managers', text: 'Manage rental properties for owners: tenants, rent and maintenance.' },
];

/** /partner-benefits (partner/admin spec §2): the marketing page for professionals. Static. */
export default function PartnerBenefitsPage() {
  usePageTitle('Partner Benefits');
  return (
    <article aria-labelledby="benefits-title">
      <header className="hero">
        <div className="container">
          <p className="eyebrow">For professionals</p>
          <h1 id="benefits-title">Grow your business with Kāinga</h1>
          <p className="lead">
            Connect with New Zealand property owners at the moment they need a mortgage broker, a registered valuer or a
            property manager.
          </p>
          <div className="hero-actions">
            <Link to="/partner-enquiry" className="button-link primary large">
              Apply Now
            </Link>
            <Link to="/how-it-works" className="button-link large">
              Learn More
            </Link>
          </div>
        </div>
      </header>

      <section className="container page" aria-labelledby="why-title">
        <h2 id="why-title">Why partner with us</h2>
        <ul className="feature-grid">
          {benefits.map((b) => (
            <li key={b.title} className="card">
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container page" aria-labelledby="steps-title">
        <h2 id="steps-title">How it works</h2>
        <ol className="steps">
          {steps.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="notice">Application review typically takes 1-2 business days.</p>
      </section>

      <section className="container page" aria-labelledby="types-title">
        <h2 id="types-title">Who can partner</h2>
        <ul className="feature-grid">
          {partnerTypes.map((t) => (
            <li key={t.title} className="card">
              <h3>{t.title}</h3>
              <p>{t.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container cta" aria-label="Apply">
        <div className="hero-actions">
          <Link to="/partner-enquiry" className="button-link primary large">
            Apply Now
          </Link>
          <Link to="/how-it-works" className="button-link large">
            Learn More
          </Link>
        </div>
      </section>
    </article>
  );
}
