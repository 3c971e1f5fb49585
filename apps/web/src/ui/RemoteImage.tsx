import { useState, type ReactNode } from 'react';
import { isHttpUrl } from '../lib/urls';
import styles from './RemoteImage.module.css';

/**
 * An image from a URL someone else chose (a gateway's logo, an app's icon): loaded only when it is
 * http(s), lazily unless told otherwise, with no referrer; `fallback` stands in when there is none or
 * it fails to load. Decorative unless given `alt`: the name it illustrates is written beside it.
 */
export function RemoteImage({
  src,
  size = 24,
  alt = '',
  fallback,
  testId,
  loading = 'lazy',
}: {
  src: string | null | undefined;
  size?: number;
  alt?: string;
  fallback?: ReactNode;
  testId?: string;
  /** 'eager' where the image is only rendered in view anyway (a virtual list's rows). */
  loading?: 'lazy' | 'eager';
}) {
  const url = src && isHttpUrl(src.trim()) ? src.trim() : undefined;
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (url === undefined || failed === url) {
    return (
      <span
        className={styles.fallback}
        style={{ width: size, height: size }}
        aria-hidden="true"
        data-testid={testId && `${testId}-fallback`}
      >
        {fallback}
      </span>
    );
  }
  return (
    <img
      className={styles.image}
      src={url}
      alt={alt}
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      loading={loading}
      decoding="async"
      onError={() => setFailed(url)}
      data-testid={testId}
    />
  );
}
