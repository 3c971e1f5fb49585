import { useMemo, useState } from 'react';
import { imageSource } from './imageSource';
import styles from './NftImage.module.css';

/**
 * An NFT's picture: the first of `uris` that is a loadable image URL and loads, else a placeholder.
 * Only through <img>: an SVG with a script runs nothing there. Decorative unless given `alt`.
 */
export function NftImage({
  uris,
  alt = '',
  eager = false,
}: {
  uris: readonly (string | null | undefined)[];
  alt?: string;
  /** The detail view's one picture loads at once; the grid's wait until they are near the screen. */
  eager?: boolean;
}) {
  const sources = useMemo(
    () => [...new Set(uris.map(imageSource).filter((src): src is string => src !== undefined))],
    [uris],
  );
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const src = sources.find((candidate) => !failed.has(candidate));
  if (src === undefined) {
    return (
      <div
        className={styles.frame}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-testid="nft-placeholder"
      >
        <svg
          className={styles.placeholder}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          aria-hidden="true"
          focusable="false"
        >
          <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
          <circle cx="9" cy="10" r="1.8" />
          <path d="m4 18 5.5-5.5 4 4 2.5-2.5 4.5 4.5" />
        </svg>
      </div>
    );
  }
  return (
    <div className={styles.frame}>
      <img
        key={src}
        className={styles.image}
        src={src}
        alt={alt}
        referrerPolicy="no-referrer"
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed((previous) => new Set(previous).add(src))}
        data-testid="nft-image"
      />
    </div>
  );
}
