import { Link } from 'react-router';
import { useHead, useHttpStatus } from '../lib/head.tsx';
import { useSite } from '../lib/site.tsx';

export default function NotFoundPage() {
  const site = useSite();
  useHead({ title: `404 – ${site.name}`, robots: 'noindex' });
  useHttpStatus(404);
  return (
    <section className="page page-center not-found">
      <h1 className="not-found-code">404</h1>
      {/* The spec's English texts on a Spanish page: marked so screen readers pronounce them in English (WCAG 3.1.2). */}
      <p lang="en">The page you are looking for was not found.</p>
      <Link to="/" className="button" lang="en">
        Back to Home
      </Link>
    </section>
  );
}
