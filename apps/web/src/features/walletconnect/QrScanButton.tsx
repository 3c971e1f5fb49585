import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Dialog } from '../../ui';
import { drawnPixels, MAX_FRAME_SIDE, scaledSize } from './qrImage';
import { DECODER_NOT_LOADED, loadQrDecoder, NOT_A_PAIRING_QR, readPairingQr } from './qrScan';
import styles from './Dapps.module.css';

/** How often a camera frame is read: often enough to feel immediate, rare enough for a phone. */
const FRAME_INTERVAL_MS = 250;

export const CAMERA_DENIED =
  'Countersign may not use the camera: allow it in the browser, or paste the link or a screenshot instead.';

/** Only where the browser can give the page a camera (a secure context with media devices). */
export function canUseCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function cameraErrorText(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found: paste the link or a screenshot instead.';
  if (name === 'NotReadableError')
    return 'The camera is in use by another app: close it, or paste the link or a screenshot instead.';
  return 'The camera could not start: paste the link or a screenshot instead.';
}

/** "Scan QR code": reads a dapp's WalletConnect QR code with the device's camera. */
export function QrScanButton({
  onLink,
  onOpen,
  disabled,
}: {
  onLink: (uri: string) => void;
  onOpen?: () => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!canUseCamera()) return null;
  return (
    <>
      <Button
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        disabled={disabled}
        data-testid="dapp-scan"
      >
        Scan QR code
      </Button>
      {open && (
        <QrScanDialog
          onClose={() => setOpen(false)}
          onLink={(uri) => {
            setOpen(false);
            onLink(uri);
          }}
        />
      )}
    </>
  );
}

type ScanState =
  { kind: 'starting' } | { kind: 'scanning'; note?: string } | { kind: 'failed'; message: string };

function QrScanDialog({ onClose, onLink }: { onClose: () => void; onLink: (uri: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  const onLinkRef = useRef(onLink);
  useEffect(() => {
    onLinkRef.current = onLink;
  }, [onLink]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    // Every track stops, whichever way the scan ends: a link read, the dialog closed, an error.
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (video.current) video.current.srcObject = null;
    };
    const decoder = loadQrDecoder();
    // Handled below once the camera runs; this keeps a failed load from going unhandled before.
    decoder.catch(() => undefined);
    void (async () => {
      try {
        const media = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        stream = media;
        if (stopped) return stop();
        const decode = await decoder.catch(() => {
          throw new Error(DECODER_NOT_LOADED);
        });
        const element = video.current;
        if (stopped || !element) return stop();
        element.srcObject = media;
        await element.play();
        if (stopped) return;
        setState({ kind: 'scanning' });
        const canvas = document.createElement('canvas');
        timer = setInterval(() => {
          if (element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || element.videoWidth === 0) return;
          const size = scaledSize(element.videoWidth, element.videoHeight, MAX_FRAME_SIDE);
          const reading = readPairingQr(drawnPixels(element, size, canvas), decode, { cropToSquare: true });
          if (reading.ok) {
            stop();
            onLinkRef.current(reading.uri);
          } else if (reading.error === NOT_A_PAIRING_QR) {
            setState((current) =>
              current.kind === 'scanning' && current.note === NOT_A_PAIRING_QR
                ? current
                : { kind: 'scanning', note: NOT_A_PAIRING_QR },
            );
          }
        }, FRAME_INTERVAL_MS);
      } catch (error) {
        const message =
          error instanceof Error && error.message === DECODER_NOT_LOADED
            ? DECODER_NOT_LOADED
            : cameraErrorText(error);
        stop();
        setState({ kind: 'failed', message });
      }
    })();
    return stop;
  }, []);

  return (
    <Dialog open size="sm" title="Scan the dapp’s QR code" onClose={onClose} testId="dapp-scan-dialog">
      <div className={styles.scan}>
        {state.kind === 'failed' ? (
          <Alert tone="danger" role="alert" title="No camera" testId="dapp-qr-error">
            {state.message}
          </Alert>
        ) : (
          <>
            <video ref={video} className={styles.video} muted playsInline aria-label="Camera" />
            <p className={styles.muted} role="status" data-testid="dapp-scan-status">
              {state.kind === 'starting'
                ? 'Starting the camera…'
                : (state.note ?? 'Hold the dapp’s WalletConnect QR code in front of the camera.')}
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
