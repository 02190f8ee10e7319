import { Fragment, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { timings } from '@encanto/core/constants';
import { paths } from '../../config/paths.ts';
import { useHead } from '../../lib/head.tsx';
import { useSession } from '../../lib/session.ts';
import { useSite } from '../../lib/site.tsx';

/**
 * The welcome splash: goes to /Escort after 3 s, in place of itself in the history. Someone signed in goes there at
 * once; someone reaching for 'Regístrate gratis' (pointer or keyboard) stops the
 * countdown, so the link never moves away under them.
 */
export default function SplashPage() {
  const site = useSite();
  const navigate = useNavigate();
  const signedIn = useSession().signedIn;
  const [held, setHeld] = useState(false);
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
    if (signedIn) {
      void navigate(paths.escorts, { replace: true });
      return;
    }
    if (held) return;
    // The splash replaces itself: Back from /Escort leaves for where the visitor came from, instead of
    // landing on a page that sends them forward again (decision 0139).
    const timer = window.setTimeout(
      () => void navigate(paths.escorts, { replace: true }),
      timings.splashRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, signedIn, held]);
  const hold = () => setHeld(true);

  const title = `Bienvenido a ${site.name}`;
  return (
    <section className="splash">
      <picture className="splash-hero" aria-hidden="true">
        <img src="/assets/hero.svg" alt="" width={1200} height={800} fetchPriority="high" />
      </picture>
      <div className="splash-content">
        <h1 className="splash-title" aria-label={title}>
          <span aria-hidden="true">
            {words(title).map(({ word, start }) => (
              // A line may break between words only: letters are inline blocks, each a break point.
              <Fragment key={start}>
                {start > 0 ? ' ' : null}
                <span className="splash-word">
                  {[...word].map((ch, i) => (
                    <span
                      key={i}
                      className="splash-letter"
                      style={{ animationDelay: `${(start + i) * 45}ms` }}
                    >
                      {ch}
                    </span>
                  ))}
                </span>
              </Fragment>
            ))}
          </span>
        </h1>
        <Link to={paths.register} className="splash-cta" onPointerEnter={hold} onFocus={hold}>
          Regístrate gratis
        </Link>
        <div
          className={held ? 'progress progress-held' : 'progress'}
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

/** The title's words, each with the index of its first letter (the letters' animation runs on in order). */
function words(title: string): { word: string; start: number }[] {
  const out: { word: string; start: number }[] = [];
  let start = 0;
  for (const word of title.split(' ')) {
    out.push({ word, start });
    start += [...word].length + 1;
  }
  return out;
}
