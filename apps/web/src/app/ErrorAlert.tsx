import type { ReactNode } from 'react';
import { getGateway } from '../lib/gateway';
import { describeGatewayError, type ErrorDescription } from '../lib/gatewayErrors';

type ErrorAlertProps = {
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
};

/** An error the user should read; messages are plain text (never HTML). */
export function ErrorAlert({ title, message, onRetry, retrying = false, children }: ErrorAlertProps) {
  return (
    <div role="alert" className="alert" data-testid="error-alert">
      {title !== undefined && <p className="alert-title">{title}</p>}
      <p className="alert-message" data-testid="error-message">
        {message}
      </p>
      {children}
      {onRetry !== undefined && (
        <button
          type="button"
          className="button"
          onClick={onRetry}
          disabled={retrying}
          data-testid="retry-button"
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </div>
  );
}

type QueryLike = { error: unknown; isFetching: boolean; refetch: () => unknown };

/** The alert for a failed gateway query; Retry refetches when retrying can help. */
export function QueryErrorAlert({
  query,
  title,
  description,
}: {
  query: QueryLike;
  title?: string;
  description?: ErrorDescription;
}) {
  const { message, retryable } = description ?? describeGatewayError(query.error, getGateway().baseUrl);
  return (
    <ErrorAlert
      title={title}
      message={message}
      retrying={query.isFetching}
      onRetry={retryable ? () => void query.refetch() : undefined}
    />
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="loading">
      {label}
    </p>
  );
}
