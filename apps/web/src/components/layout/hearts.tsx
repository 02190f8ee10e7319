import { useEffect, useState } from 'react';
import { heartColours, timings } from '@encanto/core/constants';

interface Heart {
  id: number;
  x: number;
  y: number;
  colour: string;
}

let nextId = 0;

/** A heart bubble at every click, in one of 6 random colours, gone after 2 s. Decorative only. */
export function Hearts() {
  const [hearts, setHearts] = useState<Heart[]>([]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
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
  }, []);

  return (
    <div className="hearts" aria-hidden="true">
      {hearts.map((h) => (
        <span key={h.id} className="heart" data-heart="" style={{ left: h.x, top: h.y, color: h.colour }}>
          ♥
        </span>
      ))}
    </div>
  );
}
