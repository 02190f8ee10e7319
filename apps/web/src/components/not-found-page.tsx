import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { useHead, useHttpStatus } from '../lib/head.tsx';
import { useSite } from '../lib/site.tsx';

/** Any unknown address: still HTTP 404, in Spanish (the spec's English text is a leftover, decision 0070). */
export default function NotFoundPage() {
  const site = useSite();
  useHead({ title: `Página no encontrada – ${site.name}`, robots: 'noindex' });
  useHttpStatus(404);
  return (
    <section className="page page-center not-found" aria-labelledby="no-encontrada">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="no-encontrada" className="not-found-title">
        Página no encontrada
      </h1>
      <p className="not-found-text">La página que buscas no existe o cambió de dirección.</p>
      <div className="not-found-actions">
        <Link to={paths.home} className="button">
          Volver al inicio
        </Link>
        <Link to={paths.escorts} className="button button-secondary">
          Ver escorts
        </Link>
      </div>
    </section>
  );
}
