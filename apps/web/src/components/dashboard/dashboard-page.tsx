import { useId, type ReactNode } from 'react';
import { useHead } from '../../lib/head.tsx';
import { useSite } from '../../lib/site.tsx';

/**
 * One section of the own area: its title in the tab and as the page's h1,
 * never indexed. The layout around it holds the guard and the menu.
 */
export function DashboardPage({
  title,
  intro,
  className,
  children,
}: {
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const site = useSite();
  const id = useId();
  useHead({ title: `${title} – ${site.name}`, robots: 'noindex' });
  return (
    <section className={`dashboard-page${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h1 id={id} className="page-title">
        {title}
      </h1>
      {intro ? <p className="dashboard-intro">{intro}</p> : null}
      {children}
    </section>
  );
}
