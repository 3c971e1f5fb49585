/** Shown instead of the app when /config.js is missing or invalid. No gateway call is made. */
export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">Countersign</span>
      </header>
      <main className="app-main">
        <div role="alert" className="alert" data-testid="config-error">
          <p className="alert-title">Countersign is not configured</p>
          <p className="alert-message">{message}</p>
          <p>
            The server must answer <code>/config.js</code> with a script such as{' '}
            <code>
              {'window.__COUNTERSIGN_CONFIG__ = { gatewayUrl: "https://safe-client.safe.global" };'}
            </code>
          </p>
        </div>
      </main>
    </div>
  );
}
