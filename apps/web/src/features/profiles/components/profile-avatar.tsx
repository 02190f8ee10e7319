import { srcsetFor } from '@encanto/core/media';

/** The round profile photo of the sidebars: our WebP variants when stored, the url as is otherwise. */
export function ProfileAvatar({
  url,
  name,
  size = 112,
}: {
  url: string | undefined;
  name: string;
  size?: number;
}) {
  const srcset = url ? srcsetFor(url) : '';
  return (
    <div className="profile-avatar" style={{ width: size, height: size }}>
      {url ? (
        <img
          src={url}
          {...(srcset ? { srcSet: srcset, sizes: `${size}px` } : {})}
          alt={`Foto de perfil de ${name}`}
          width={size}
          height={size}
          referrerPolicy="no-referrer"
        />
      ) : null}
    </div>
  );
}
