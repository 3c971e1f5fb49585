import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, ErrorAlert } from '../ui';

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Last line of defence for errors outside the router (providers, persistence). */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Countersign crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <main id="main" style={{ maxWidth: '56rem', margin: '0 auto', padding: '1.5rem' }}>
        <ErrorAlert title="Something went wrong" message={this.state.error.message || 'Unknown error.'}>
          <Button size="sm" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </ErrorAlert>
      </main>
    );
  }
}
