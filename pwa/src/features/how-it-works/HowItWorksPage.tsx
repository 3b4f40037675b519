import { Link } from 'react-router-dom';
import { usePageTitle } from '../../chrome/usePageTitle';

const steps = [
  {
    title: 'Describe the property',
    text: 'Enter the address, suburb and city, floor and land area in square metres, bedrooms, bathrooms and the council rateable value (RV).',
  },
  {
    title: 'Rate its condition',
    text: 'Score 33+ condition criteria — from kitchen and bathrooms to roofing, insulation, schooling and street noise — on a star scale from 0 (N/A) to 5 (Excellent).',
  },
  {
    title: 'Market research',
    text: 'Kāinga looks for up to 5 comparable properties sold in the last 3 months and shows you how closely each one matches.',
  },
  {
    title: 'AI valuation',
    text: 'The AI acts as a certified NZ property valuer. It weighs the rateable value, your condition ratings and the comparable sales.',
  },
  {
    title: 'Your results',
    text: 'You get an estimated value, a conservative and an optimistic value, the condition and market adjustments, and a confidence level.',
  },
];

/** The information page (consumer spec §1 "How-it-works page content"). */
export default function HowItWorksPage() {
  usePageTitle('How It Works');
  return (
    <article className="container page" aria-labelledby="how-title">
      <h1 id="how-title">How It Works</h1>
      <p className="lead">
        Kāinga gives you a free, explainable estimate of what a New Zealand property is worth, in a few minutes.
      </p>
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={s.title} className="step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h2>{s.title}</h2>
              <p>{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <aside className="notice" aria-labelledby="disclaimer-title">
        <h2 id="disclaimer-title">Important</h2>
        <p>
          Estimates are for information only. They are not a registered valuation. For legal, financial or insurance
          purposes, please consult a registered valuer.
        </p>
      </aside>
      <p>
        <Link to="/" className="button-link primary">
          Get started
        </Link>
      </p>
    </article>
  );
}
