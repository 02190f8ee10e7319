import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { timings } from '@encanto/core/constants';
import { paths } from '../../config/paths.ts';
import { useHead } from '../../lib/head.tsx';
import { useSite } from '../../lib/site.tsx';

export default function SplashPage() {
  const site = useSite();
  const navigate = useNavigate();
  useHead({
    title: `${site.name} – Escorts verificadas en Chile`,
    description: `Bienvenido a ${site.name}: perfiles de escorts verificadas en todo Chile. Busca por ciudad y regístrate gratis.`,
    canonical: `${site.url}/`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: site.name,
        url: `${site.url}/`,
        logo: `${site.url}/assets/favicon.svg`,
        areaServed: 'CL',
      },
    ],
  });

  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(paths.escorts), timings.splashRedirectMs);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  const title = `Bienvenido a ${site.name}`;
  return (
    <section className="splash">
      <picture className="splash-hero" aria-hidden="true">
        <img src="/assets/hero.svg" alt="" width={1200} height={800} fetchPriority="high" />
      </picture>
      <div className="splash-content">
        <h1 className="splash-title" aria-label={`${title} / Regístrate gratis`}>
          <span aria-hidden="true">
            {[...title].map((ch, i) => (
              <span key={i} className="splash-letter" style={{ animationDelay: `${i * 45}ms` }}>
                {ch}
              </span>
            ))}
          </span>
          <span className="splash-subtitle" aria-hidden="true">
            Regístrate gratis
          </span>
        </h1>
        <div
          className="progress"
          role="progressbar"
          aria-label="Entrando"
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="progress-bar progress-bar-timed"
            style={{ animationDuration: `${timings.splashRedirectMs}ms` }}
          />
        </div>
      </div>
    </section>
  );
}
