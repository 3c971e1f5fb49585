import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';

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
      <main className="app-main">
        <ErrorAlert title="Something went wrong" message={this.state.error.message || 'Unknown error.'}>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </ErrorAlert>
      </main>
    );
  }
}
