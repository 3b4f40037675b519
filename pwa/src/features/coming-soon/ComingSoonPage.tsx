import { Link } from 'react-router-dom';
import { usePageTitle } from '../../chrome/usePageTitle';

/** A screen of the route table that is not built yet: says so plainly. */
export default function ComingSoonPage({ title, sentence }: { title: string; sentence: string }) {
  usePageTitle(title);
  return (
    <section className="container page narrow center" aria-labelledby="coming-soon-title">
      <p className="eyebrow">Coming soon</p>
      <h1 id="coming-soon-title">{title}</h1>
      <p className="lead">{sentence}</p>
      <p>We're building this part of Kāinga now. Please check back soon.</p>
      <p>
        <Link to="/" className="button-link primary">
          Back to home
        </Link>
      </p>
    </section>
  );
}
