import { Alert } from '../ui/Alert';

/** Shown instead of the app when /config.js is missing or invalid. No gateway call is made. */
export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <main id="main" style={{ maxWidth: '48rem', margin: '0 auto', padding: '1.5rem' }}>
      <Alert tone="danger" title="Countersign is not configured" testId="config-error">
        <p>{message}</p>
        <p>
          The server must answer <code>/config.js</code> with a script such as{' '}
          <code>{'window.__COUNTERSIGN_CONFIG__ = { gatewayUrl: "https://safe-client.safe.global" };'}</code>
        </p>
      </Alert>
    </main>
  );
}
