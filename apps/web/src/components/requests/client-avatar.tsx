/** A client's photo, square and cropped; decorative next to the nickname unless `alt` is given. */
export function ClientAvatar({
  url,
  nickname,
  size,
  alt,
}: {
  url: string;
  nickname: string;
  size: number;
  alt?: string;
}) {
  return (
    <img
      className="client-avatar"
      src={url || '/assets/avatars/masculino.svg'}
      alt={alt ?? ''}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      data-nickname={nickname}
    />
  );
}
