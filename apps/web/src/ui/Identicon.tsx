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
      {/* One path per colour rather than a rect per cell: three elements instead of up to 65. */}
      <path d={cellsPath(cells, 1)} fill={color} />
      <path d={cellsPath(cells, 2)} fill={spot} />
    </svg>
  );
});

/** The cells of one colour as unit squares of one path. */
function cellsPath(cells: readonly number[], value: number): string {
  let d = '';
  cells.forEach((cell, index) => {
    if (cell === value) d += `M${index % IDENTICON_GRID} ${Math.floor(index / IDENTICON_GRID)}h1v1h-1z`;
  });
  return d;
}
