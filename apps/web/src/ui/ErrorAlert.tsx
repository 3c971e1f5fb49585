import { useCallback, type ReactNode } from 'react';
import { useGateway } from '../lib/ServicesProvider';
import { describeGatewayError, type ErrorDescription } from '../lib/gatewayErrors';
import { Alert } from './Alert';
import { Button } from './Button';

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
    <Alert
      tone="danger"
      title={title}
      testId="error-alert"
      actions={
        onRetry !== undefined || children !== undefined ? (
          <>
            {children}
            {onRetry !== undefined && (
              <Button size="sm" onClick={onRetry} disabled={retrying} data-testid="retry-button">
                {retrying ? 'Retrying…' : 'Retry'}
              </Button>
            )}
          </>
        ) : undefined
      }
    >
      <p data-testid="error-message">{message}</p>
    </Alert>
  );
}

export type QueryLike = { error: unknown; isFetching: boolean; refetch: () => unknown };

/**
 * What to tell the user about a failed request to the app's gateway: the client's message, and
 * whether to retry.
 */
export function useDescribeQueryError(): (error: unknown) => ErrorDescription {
  const { baseUrl } = useGateway();
  return useCallback((error: unknown) => describeGatewayError(error, baseUrl), [baseUrl]);
}

/** The alert for a failed gateway query. Retry is offered for every failure: the gateway may recover. */
export function QueryErrorAlert({
  query,
  title,
  description,
  retry = true,
  children,
}: {
  query: QueryLike;
  title?: string;
  description?: ErrorDescription;
  /** False where asking again cannot help (no Safe at the address): the ways on are the children. */
  retry?: boolean;
  /** The ways on, beside Retry. */
  children?: ReactNode;
}) {
  const describeQueryError = useDescribeQueryError();
  const { message } = description ?? describeQueryError(query.error);
  return (
    <ErrorAlert
      title={title}
      message={message}
      retrying={query.isFetching}
      onRetry={retry ? () => void query.refetch() : undefined}
    >
      {children}
    </ErrorAlert>
  );
}
