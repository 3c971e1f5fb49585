import { useState } from 'react';
import { avatarLetter, imageSource } from './imageSource';
import styles from './TokenIcon.module.css';

/**
 * A token's logo, or a letter avatar when it has none or it fails to load. Decorative: the token's
 * name and symbol stand beside it.
 */
export function TokenIcon({
  logoUri,
  symbol,
  name,
  size = 'md',
}: {
  logoUri: string | null | undefined;
  symbol: string;
  name?: string;
  size?: 'sm' | 'md';
}) {
  const src = imageSource(logoUri);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (src === undefined || failed === src) {
    return (
      <span
        className={`${styles.icon} ${styles.avatar} ${styles[size]}`}
        aria-hidden="true"
        data-testid="token-avatar"
      >
        {avatarLetter(symbol, name)}
      </span>
    );
  }
  return (
    <img
      className={`${styles.icon} ${styles[size]}`}
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      data-testid="token-logo"
    />
  );
}
