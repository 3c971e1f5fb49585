import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionItem, TransactionListPage } from '@countersign/gateway-api';
import { fakeGateway, renderSafePage, teamSafe, testSafe } from '../../testing';
import { safePaths } from '../safe';
import { SecuritySection } from './SecuritySection';
import { SetupAttention } from './SetupAttention';

const owners = teamSafe.owners.map((owner) => owner.value as `0x${string}`);
const unknownModule = '0x000000000000000000000000000000000000dEaD';

/** What the Safe contract answers: here not what the gateway claims (threshold 1, a module). */
const chain = vi.hoisted(() => ({ state: undefined as unknown, codes: {} as Record<string, string> }));
vi.mock('../safe/readChainState', () => ({
  readChainSafeState: () =>
    chain.state instanceof Error ? Promise.reject(chain.state) : Promise.resolve(chain.state),
}));
vi.mock('viem/actions', async (load) => ({
  ...(await load<object>()),
  getCode: (_client: unknown, { address }: { address: string }) =>
    Promise.resolve(chain.codes[address] ?? undefined),
}));

const onChain = (overrides: object = {}) => ({
  owners,
  threshold: 2,
  nonce: 8,
  version: '1.4.1',
  modules: [],
  guard: null,
  implementation: teamSafe.implementation.value,
  fallbackHandler: teamSafe.fallbackHandler!.value,
  ...overrides,
});

let counter = 0;
const queued = (nonce: number): TransactionItem => ({
  type: 'TRANSACTION',
  conflictType: 'None',
  transaction: {
    id: `multisig_${teamSafe.address.value}_0x${(counter += 1).toString(16).padStart(64, '0')}`,
    timestamp: 1_700_000_000_000,
    txStatus: 'AWAITING_CONFIRMATIONS',
    txInfo: {
      type: 'Custom',
      to: { value: owners[0]!, name: null, logoUri: null },
      dataSize: '0',
      value: '0',
      methodName: null,
      isCancellation: false,
      humanDescription: null,
    },
    executionInfo: {
      type: 'MULTISIG',
      nonce,
      confirmationsRequired: 2,
      confirmationsSubmitted: 1,
      missingSigners: null,
    },
    safeAppInfo: null,
    txHash: null,
    note: null,
  },
});

const page = (...nonces: number[]): TransactionListPage => ({
  count: nonces.length,
  next: null,
  previous: null,
  results: nonces.map(queued),
});

const render = (element: React.ReactNode, queue: TransactionListPage = page()) =>
  renderSafePage(element, {
    path: '/settings/security',
    gateway: fakeGateway({ getQueue: vi.fn().mockResolvedValue(queue) }),
  });

const paths = safePaths('local', testSafe.address);

describe('SecuritySection', () => {
  it('reports the chain’s facts over the gateway’s, each finding with why, what to do and its form', async () => {
    chain.state = onChain({ threshold: 1, modules: [unknownModule] });
    chain.codes = { [owners[2]!]: '0x6080' };
    render(<SecuritySection />, page(8, 10, 10));

    const threshold = await screen.findByTestId('security-finding-threshold-one');
    expect(threshold).toHaveTextContent('Any one of the 3 owners can move everything');
    expect(threshold).toHaveTextContent('What to do: Require at least 2 confirmations');
    expect(within(threshold).getByRole('link', { name: 'Change threshold' })).toHaveAttribute(
      'href',
      paths.newTransactionOf('threshold'),
    );
    const moduleFinding = screen.getByTestId(`security-finding-module-${unknownModule.toLowerCase()}`);
    expect(moduleFinding).toHaveAttribute('data-tone', 'danger');
    expect(within(moduleFinding).getByRole('link', { name: 'Disable module' })).toHaveAttribute(
      'href',
      paths.newTransactionOf('disable-module', { module: unknownModule }),
    );
    expect(await screen.findByTestId('security-finding-queue-gap')).toHaveTextContent(
      'The queue skips nonce 9',
    );
    expect(screen.getByTestId('security-finding-queue-conflicts')).toHaveTextContent(
      'Several transactions wait at the same nonce (10)',
    );
    expect(
      await screen.findByTestId(`security-finding-contract-owner-${owners[2]!.toLowerCase()}`),
    ).toHaveTextContent('is a contract');
    expect(screen.getByTestId('security-summary')).toHaveTextContent(
      '4 things in this Safe’s setup need attention. Read from the Safe contract on the chain.',
    );
    // Dangers come first.
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('data-tone', 'danger');
  });

  it('says nothing needs attention for a healthy Safe, and what it checked', async () => {
    chain.state = onChain();
    chain.codes = {};
    render(<SecuritySection />);
    expect(
      await screen.findByText('Read from the Safe contract on the chain.', { exact: false }),
    ).toBeVisible();
    expect(screen.getByTestId('security-summary')).toHaveTextContent(
      'Nothing in this Safe’s setup needs attention.',
    );
    expect(screen.getByTestId('security-finding-implementation')).toHaveTextContent(
      'The Safe runs SafeL2 1.4.1',
    );
  });

  it('falls back to the gateway’s claim when the chain does not answer, and says so', async () => {
    chain.state = new Error('connection refused');
    render(<SecuritySection />);
    expect(
      await screen.findByText(
        'The chain did not answer: the owners, threshold, modules, guard and version below are the gateway’s claim.',
        undefined,
        { timeout: 4_000 },
      ),
    ).toBeVisible();
    expect(screen.getByTestId('security-finding-owners-ok')).toHaveTextContent('2 of 3 owners must confirm');
    expect(screen.getByTestId('security-summary')).not.toHaveTextContent('Read from the Safe contract');
  });
});

describe('SetupAttention', () => {
  it('counts what needs attention and links to the security check', async () => {
    chain.state = onChain({ owners: [owners[0]], threshold: 1, version: '1.3.0' });
    render(<SetupAttention />);
    const line = await screen.findByTestId('setup-attention');
    await vi.waitFor(() => expect(line).toHaveTextContent('2 things in this Safe’s setup need attention.'));
    expect(within(line).getByRole('link', { name: 'See the security check' })).toHaveAttribute(
      'href',
      paths.settings('security'),
    );
  });

  it('shows nothing when nothing needs attention', async () => {
    chain.state = onChain();
    const { container } = render(<SetupAttention />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('setup-attention')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});
