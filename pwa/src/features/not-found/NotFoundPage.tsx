import { Link } from 'react-router-dom';
import { usePageTitle } from '../../chrome/usePageTitle';

/** Any path outside the route table (partner/admin spec §2). */
export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <section className="container page narrow center" aria-labelledby="not-found-title">
      <h1 id="not-found-title">404 Page Not Found</h1>
      <p className="lead">Sorry, we couldn't find the page you were looking for.</p>
      <p>
        <Link to="/" className="button-link primary">
          Go back home
        </Link>
      </p>
    </section>
  );
}
