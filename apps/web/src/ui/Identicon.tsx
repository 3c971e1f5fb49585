import { memo } from 'react';
import { IDENTICON_GRID, identicon } from './identicon';
import styles from './Identicon.module.css';

/** The address's blockies picture; decorative (the address is always written beside it). */
export const Identicon = memo(function Identicon({ address, size = 24 }: { address: string; size?: number }) {
  const { cells, color, background, spot } = identicon(address);
  return (
    <svg
      className={styles.identicon}
      width={size}
      height={size}
      viewBox={`0 0 ${IDENTICON_GRID} ${IDENTICON_GRID}`}
      aria-hidden="true"
      shapeRendering="crispEdges"
      data-testid="identicon"
    >
      <rect width={IDENTICON_GRID} height={IDENTICON_GRID} fill={background} />
      {cells.map((cell, index) =>
        cell === 0 ? null : (
          <rect
            key={index}
            x={index % IDENTICON_GRID}
            y={Math.floor(index / IDENTICON_GRID)}
            width={1}
            height={1}
            fill={cell === 1 ? color : spot}
          />
        ),
      )}
    </svg>
  );
});
