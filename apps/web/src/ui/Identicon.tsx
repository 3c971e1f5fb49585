import { memo } from 'react';
import { identicon } from './identicon';
import styles from './Identicon.module.css';

/** The address's blockies picture; decorative (the address is always written beside it). */
export const Identicon = memo(function Identicon({ address, size = 24 }: { address: string; size?: number }) {
  return (
    <img
      className={styles.identicon}
      src={identicon(address).image}
      width={size}
      height={size}
      alt=""
      aria-hidden="true"
      data-testid="identicon"
    />
  );
});
