import { useMemo } from 'react';
import encodeQR from 'qr';
import { Alert, CopyButton, Dialog } from '../../ui';
import { formatSafeId, useSafe } from '../safe';
import styles from './ReceiveDialog.module.css';

/** A QR code of `shortName:0x…` (EIP-3770) for receiving funds, and the address to copy. */
export default function ReceiveDialog({ onClose }: { onClose: () => void }) {
  const { chain, address } = useSafe();
  const text = formatSafeId(chain.shortName, address);
  const matrix = useMemo(() => encodeQR(text, 'raw', { ecc: 'medium', border: 2 }), [text]);
  return (
    <Dialog open onClose={onClose} title="Receive assets" size="sm" testId="receive-dialog">
      <div className={styles.body}>
        <svg
          className={styles.qr}
          viewBox={`0 0 ${matrix.length} ${matrix.length}`}
          role="img"
          aria-label={`QR code of ${text}`}
          shapeRendering="crispEdges"
          data-testid="receive-qr"
          data-value={text}
        >
          <rect width={matrix.length} height={matrix.length} fill="#fff" />
          <path
            fill="#000"
            d={matrix.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ''))).join('')}
          />
        </svg>
        <p className={styles.address}>
          <code data-testid="receive-address">{text}</code>
          <CopyButton value={address} />
        </p>
        <Alert tone="warn" role="note">
          Send only assets on {chain.chainName} to this address. Assets sent from another chain may be lost.
        </Alert>
      </div>
    </Dialog>
  );
}
