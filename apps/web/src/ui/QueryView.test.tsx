import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GatewayError } from '@countersign/gateway-api';
import { servicesWrapper } from '../testing';
import { QueryView, type QueryState } from './QueryView';

function state(patch: Partial<QueryState<string[]>>): QueryState<string[]> {
  return {
    data: undefined,
    error: null,
    isPending: false,
    isError: false,
    isFetching: false,
    dataUpdatedAt: 0,
    refetch: vi.fn(),
    ...patch,
  };
}

function view(query: QueryState<string[]>) {
  return render(
    <QueryView
      query={query}
      loadingLabel="Loading things"
      skeleton={<div data-testid="skeleton" />}
      errorTitle="Things could not be loaded"
      isEmpty={(data) => data.length === 0}
      empty={<p>No things yet. Add one.</p>}
    >
      {(data) => (
        <ul>
          {data.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryView>,
    { wrapper: servicesWrapper() },
  );
}

describe('QueryView', () => {
  it('shows the skeleton with a status for screen readers while loading', () => {
    view(state({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    expect(screen.getByTestId('skeleton')).toBeInTheDocument();
  });

  it("shows the client's error message with Retry", async () => {
    const refetch = vi.fn();
    view(state({ isError: true, error: new GatewayError('503: Service unavailable', 503, {}), refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('Things could not be loaded');
    expect(screen.getByTestId('error-message')).toHaveTextContent('503: Service unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('says the gateway does not answer on a network error', () => {
    view(state({ isError: true, error: new TypeError('Failed to fetch') }));
    expect(screen.getByTestId('error-message')).toHaveTextContent(
      'The gateway at http://127.0.0.1:9 does not answer',
    );
  });

  it('shows the empty state, then the data', () => {
    const { rerender } = view(state({ data: [] }));
    expect(screen.getByText('No things yet. Add one.')).toBeInTheDocument();
    rerender(
      <QueryView query={state({ data: ['a', 'b'] })} loadingLabel="x" errorTitle="x">
        {(data) => <p>{data.join(',')}</p>}
      </QueryView>,
    );
    expect(screen.getByText('a,b')).toBeInTheDocument();
  });

  it('marks data kept from before as saved, with its age, when the gateway fails now', () => {
    view(
      state({
        data: ['kept'],
        isError: true,
        error: new TypeError('Failed to fetch'),
        dataUpdatedAt: Date.now() - 5 * 60_000,
      }),
    );
    expect(screen.getByTestId('saved-data')).toHaveTextContent('Saved data from 5 minutes ago');
    expect(screen.getByText('kept')).toBeInTheDocument();
  });
});
