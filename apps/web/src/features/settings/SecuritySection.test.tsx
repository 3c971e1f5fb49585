import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pad, toEventSelector } from 'viem';
import {
  GatewayError,
  type GatewayClient,
  type TransactionItem,
  type TransactionListPage,
} from '@countersign/gateway-api';
import { safe141 } from '@countersign/safe-core';
import { fakeGateway, renderSafePage, teamSafe, teamSafeChainState, testSafe } from '../../testing';
import { safePaths } from '../safe';
import { SecuritySection } from './SecuritySection';
// Loaded here, not first by the page's dynamic import, so that the viem/actions mock above reaches it.
import './safeFactory';
import { SetupAttention } from './SetupAttention';

const owners = teamSafe.owners.map((owner) => owner.value as `0x${string}`);
const unknownModule = '0x000000000000000000000000000000000000dEaD';

/** What the Safe contract answers: here not what the gateway claims (threshold 1, a module). */
const chain = vi.hoisted(() => ({
  state: undefined as unknown,
  codes: {} as Record<string, string>,
  receipts: {} as Record<string, { logs: { address: string; topics: string[]; data: string }[] }>,
}));
vi.mock('../safe/readChainState', () => ({
  readChainSafeState: () =>
    chain.state instanceof Error ? Promise.reject(chain.state) : Promise.resolve(chain.state),
}));
vi.mock('viem/actions', async (load) => ({
  ...(await load<object>()),
  getCode: (_client: unknown, { address }: { address: string }) =>
    Promise.resolve(chain.codes[address] ?? undefined),
  getTransactionReceipt: (_client: unknown, { hash }: { hash: string }) =>
    chain.receipts[hash] ? Promise.resolve(chain.receipts[hash]) : Promise.reject(new Error('not found')),
}));

const onChain = (overrides: object = {}) => ({ ...teamSafeChainState, owners, ...overrides });

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
    // A contract that is not a Safe cannot sign: the threshold is still within reach of the others.
    expect(await screen.findByTestId('security-finding-reach-thin')).toHaveTextContent(
      '1 of the 3 owners cannot sign',
    );
    expect(screen.getByTestId('security-summary')).toHaveTextContent(
      '5 things in this Safe’s setup need attention. Read from the Safe contract on the chain.',
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

describe('the factory that created the Safe', () => {
  const creationHash = `0x${'c0'.repeat(32)}`;
  const lookalikeFactory = '0x4E1Dcf7AD4e460cfd30791CCC4F9C8A4F820Ec68';
  /** A receipt whose ProxyCreation event (1.4.1 layout: the proxy indexed) names the Safe. */
  const receipt = (factory: string) => ({
    logs: [
      {
        address: factory,
        topics: [
          toEventSelector('ProxyCreation(address,address)'),
          pad(testSafe.address as `0x${string}`, { size: 32 }),
        ],
        data: pad(safe141.safeL2 as `0x${string}`, { size: 32 }),
      },
    ],
  });
  const renderWith = (getSafeCreation: GatewayClient['getSafeCreation']) =>
    renderSafePage(<SecuritySection />, {
      path: '/settings/security',
      gateway: fakeGateway({ getQueue: vi.fn().mockResolvedValue(page()), getSafeCreation }),
    });
  const claim = (factoryAddress: string) =>
    vi.fn().mockResolvedValue({
      created: '2026-01-01T00:00:00.000Z',
      creator: owners[0],
      transactionHash: creationHash,
      factoryAddress,
      masterCopy: safe141.safeL2,
      saltNonce: '0',
    });

  it('names the canonical factory the creation transaction shows on the chain', async () => {
    chain.state = onChain();
    chain.receipts = { [creationHash]: receipt(safe141.safeProxyFactory) };
    renderWith(claim(safe141.safeProxyFactory));
    const finding = await screen.findByTestId('security-finding-factory');
    expect(finding).toHaveAttribute('data-tone', 'ok');
    expect(finding).toHaveTextContent('The Safe was created by SafeProxyFactory 1.4.1');
    expect(screen.queryByText('Checking which factory created this Safe…')).toBeNull();
  });

  it('warns about a factory that is not a Safe deployment, even when the gateway claims the canonical one', async () => {
    chain.state = onChain();
    chain.receipts = { [creationHash]: receipt(lookalikeFactory) };
    renderWith(claim(safe141.safeProxyFactory));
    const finding = await screen.findByTestId('security-finding-factory');
    expect(finding).toHaveAttribute('data-tone', 'warn');
    expect(finding).toHaveTextContent('created by a factory that is not a Safe deployment: 0x4E1D…Ec68');
    expect(finding).toHaveTextContent(
      'A factory decides the code a new Safe is given and runs its first setup',
    );
    expect(finding).toHaveTextContent('The gateway named 0x4e1D…ec67 instead: its claim is wrong.');
    expect(finding).toHaveTextContent(
      'What to do: Check that the Safe’s code is a canonical Safe proxy and that its owners, modules and guard are the ones you expect, or move the funds',
    );
    expect(screen.getByTestId('security-summary')).toHaveTextContent(
      '1 thing in this Safe’s setup needs attention.',
    );
  });

  it('says plainly that the factory was not checked when the chain does not return the transaction', async () => {
    chain.state = onChain();
    chain.receipts = {};
    renderWith(claim(safe141.safeProxyFactory));
    const finding = await screen.findByTestId('security-finding-factory');
    expect(finding).toHaveAttribute('data-tone', 'info');
    expect(finding).toHaveTextContent('Which factory created this Safe could not be checked');
    expect(finding).toHaveTextContent(
      `The chain did not return the creation transaction the gateway names (${creationHash}).`,
    );
    expect(finding).not.toHaveTextContent('SafeProxyFactory');
    expect(screen.getByTestId('security-summary')).toHaveTextContent(
      'Nothing in this Safe’s setup needs attention.',
    );
  });

  it('says so when the gateway does not know the creation', async () => {
    chain.state = onChain();
    renderWith(vi.fn().mockRejectedValue(new GatewayError('404: Safe creation not found', 404, null)));
    expect(await screen.findByTestId('security-finding-factory')).toHaveTextContent(
      'The gateway does not know the transaction that created this Safe.',
    );
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
