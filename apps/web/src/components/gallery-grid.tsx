import { useState, type CSSProperties, type ReactNode } from 'react';
import type { GalleryItem } from '@encanto/core/gallery';
import { Lightbox } from './lightbox.tsx';
import { Icon } from './ui/icon.tsx';
import { isVideoItem } from '../lib/api/gallery.ts';

interface Props {
  items: GalleryItem[];
  /** The person's display name, for alt texts and the dialog's label. */
  name: string;
  /** Extra control per tile (the uploader's delete X). */
  renderAction?: (item: GalleryItem, index: number) => ReactNode;
  /** Extra class and style per tile (the uploader's drag: the moving tile and the drop target). */
  tileProps?: (index: number) => { className?: string; style?: CSSProperties };
}

const THUMB_SIZES = '(min-width: 1000px) 220px, (min-width: 700px) 30vw, 45vw';

/** Thumbnails of photos and videos; each opens the lightbox at that item. */
export function GalleryGrid({ items, name, renderAction, tileProps }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const alt = (i: number, item: GalleryItem) =>
    isVideoItem(item) ? `Video ${i + 1} de ${name}` : `Foto ${i + 1} de ${name}`;
  return (
    <>
      <ul className="gallery-grid" role="list">
        {items.map((item, i) => {
          const extra = tileProps?.(i);
          return (
            <li
              key={item.id}
              className={extra?.className ? `gallery-tile ${extra.className}` : 'gallery-tile'}
              style={extra?.style}
            >
              <button
                type="button"
                className="gallery-open"
                onClick={() => setOpen(i)}
                aria-label={`Ver ${alt(i, item).toLowerCase()} en grande`}
              >
                {isVideoItem(item) ? (
                  <>
                    {/* Only the metadata loads, so the first frame shows without downloading the clip. */}
                    <video
                      src={item.url_imagen}
                      preload="metadata"
                      muted
                      playsInline
                      tabIndex={-1}
                      aria-hidden="true"
                    />
                    <span className="gallery-play" aria-hidden="true">
                      <Icon name="play" size={28} />
                    </span>
                  </>
                ) : (
                  <img
                    src={item.url_imagen}
                    {...(item.srcset ? { srcSet: item.srcset, sizes: THUMB_SIZES } : {})}
                    alt=""
                    width={item.width || 640}
                    height={item.height || 800}
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </button>
              {renderAction?.(item, i)}
            </li>
          );
        })}
      </ul>
      {open !== null ? (
        <Lightbox
          items={items.map((item, i) => ({ url: item.url_imagen, srcset: item.srcset, alt: alt(i, item) }))}
          startIndex={open}
          label={`Galería de ${name}`}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
