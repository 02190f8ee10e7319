import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { heartColours, timings } from '@encanto/core/constants';
import { isFormPage } from '../../config/paths.ts';

interface Heart {
  id: number;
  x: number;
  y: number;
  colour: string;
}

let nextId = 0;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A heart bubble at every click, in one of 6 random colours, gone after 2 s.
 * Decorative only: painted behind the page's content so it never covers text,
 * and off for people who ask for less motion, on pages that are mostly a form,
 * and for clicks on a form's own controls.
 */
export function Hearts() {
  const [hearts, setHearts] = useState<Heart[]>([]);
  const { pathname } = useLocation();
  const off = isFormPage(pathname);

  useEffect(() => {
    if (off) return;
    const onClick = (e: MouseEvent) => {
      if (reducedMotion()) return;
      if (e.target instanceof Element && e.target.closest('form, dialog, input, select, textarea, label'))
        return;
      const heart: Heart = {
        id: nextId++,
        x: e.clientX,
        y: e.clientY,
        colour: heartColours[Math.floor(Math.random() * heartColours.length)] ?? heartColours[0],
      };
      setHearts((list) => [...list, heart]);
      window.setTimeout(
        () => setHearts((list) => list.filter((h) => h.id !== heart.id)),
        timings.heartLifetimeMs,
      );
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [off]);

  return (
    <div className="hearts" aria-hidden="true">
      {off
        ? null
        : hearts.map((h) => (
            <span key={h.id} className="heart" data-heart="" style={{ left: h.x, top: h.y, color: h.colour }}>
              ♥
            </span>
          ))}
    </div>
  );
}
