import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GatewayError, type TransactionDetails } from '@countersign/gateway-api';
import { historyQueryOptions } from '../safe';
import { TransactionPage } from './TransactionPage';
import { creation, custom, executed, info, ownerA, ownerB, recipient, safeAddress } from './testFixtures';
import { fakeGateway, renderSafePage, testSafe } from '../../testing';

const gateway = { getTransaction: vi.fn() };
const fake = fakeGateway({ ...gateway, baseUrl: 'http://gw.test' });

const safeTxHash = `0x${'21'.repeat(32)}`;
const txHash = `0x${'eb'.repeat(32)}`;
const dusd = '0xB7f8BC63BbcaD18155201308C8f3540b07f84F5e';

/** The demo's batch (0.1 ETH and 42 DUSD to the recipient) as the gateway details it. */
const batch: TransactionDetails = {
  safeAddress,
  txId: `multisig_${safeAddress}_${safeTxHash}`,
  executedAt: Date.UTC(2026, 4, 1, 12),
  txStatus: 'SUCCESS',
  txInfo: custom({ methodName: 'multiSend', actionCount: 2 }),
  txData: {
    hexData: '0x8d80ff0a',
    dataDecoded: {
      method: 'multiSend',
      parameters: [
        {
          name: 'transactions',
          type: 'bytes',
          value: '0x0023618e',
          valueDecoded: [
            { operation: 0, to: recipient, value: '100000000000000000', data: null, dataDecoded: null },
            {
              operation: 0,
              to: dusd,
              value: '0',
              data: '0xa9059cbb',
              dataDecoded: {
                method: 'transfer',
                parameters: [
                  { name: 'to', type: 'address', value: recipient },
                  { name: 'value', type: 'uint256', value: '42000000' },
                ],
              },
            },
          ],
        },
      ],
      accuracy: 'FULL_MATCH',
    },
    to: info('0x9641d764fc13c8B624c04430C7356C1C7C8102e2', 'MultiSendCallOnly 1.4.1'),
    value: '0',
    operation: 1,
    trustedDelegateCallTarget: true,
    addressInfoIndex: null,
    tokenInfoIndex: {
      [dusd]: {
        type: 'ERC20',
        address: dusd,
        decimals: 6,
        symbol: 'DUSD',
        name: 'Dev Dollar',
        logoUri: null,
      },
    },
  },
  detailedExecutionInfo: {
    type: 'MULTISIG',
    submittedAt: Date.UTC(2026, 4, 1, 11),
    nonce: 5,
    safeTxGas: '0',
    baseGas: '0',
    gasPrice: '0',
    gasToken: '0x0000000000000000000000000000000000000000',
    fee: '116897440944480',
    payment: '0',
    refundReceiver: info('0x0000000000000000000000000000000000000000'),
    safeTxHash,
    executor: info(ownerA),
    signers: [info(ownerA), info(ownerB)],
    confirmationsRequired: 2,
    confirmations: [
      { signer: info(ownerB), signature: '0x01', submittedAt: Date.UTC(2026, 4, 1, 11, 30) },
      { signer: info(ownerA), signature: '0x02', submittedAt: Date.UTC(2026, 4, 1, 11, 45) },
    ],
    rejectors: [],
    gasTokenInfo: null,
    trusted: true,
    proposer: info(ownerB),
    proposedByDelegate: null,
  },
  txHash,
  safeAppInfo: null,
  note: null,
};

const renderDetails = (id: string) =>
  renderSafePage(<TransactionPage />, {
    path: testSafe.paths.transaction(id),
    route: '/:safeId/transactions/:txId',
    gateway: fake,
  });

describe('TransactionPage', () => {
  it('shows a batch: status, words, the decoded call with each action, confirmations and execution', async () => {
    gateway.getTransaction.mockResolvedValueOnce(batch);
    renderDetails(batch.txId);
    expect(await screen.findByTestId('transaction-details')).toBeInTheDocument();
    expect(gateway.getTransaction).toHaveBeenCalledWith(
      { chainId: '1337', id: batch.txId },
      expect.anything(),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Batch');
    expect(screen.getByTestId('details-status')).toHaveTextContent('Executed');
    expect(screen.getByTestId('details-summary')).toHaveTextContent(
      'Batch of 2 actions via MultiSendCallOnly 1.4.1',
    );
    // MultiSendCallOnly is a canonical Safe library: named, and no warning that would cry wolf.
    expect(screen.queryByTestId('delegatecall-warning')).not.toBeInTheDocument();
    expect(screen.getByTestId('delegatecall-library')).toHaveTextContent('MultiSendCallOnly 1.4.1');
    expect(screen.getByTestId('call-operation')).toHaveTextContent('DELEGATECALL');
    expect(screen.getAllByTestId('decoded-method')[0]).toHaveTextContent('multiSend');

    const actions = screen.getAllByTestId('multisend-action');
    expect(actions).toHaveLength(2);
    expect(within(actions[0]!).getByTestId('action-operation')).toHaveTextContent('CALL');
    expect(within(actions[0]!).getByTestId('action-value')).toHaveTextContent('0.1 ETH');
    expect(within(actions[1]!).getByTestId('action-to')).toHaveTextContent('Dev Dollar');
    const inner = within(actions[1]!).getByTestId('action-decoded');
    expect(within(inner).getByTestId('decoded-method')).toHaveTextContent('transfer');
    expect(
      within(inner)
        .getAllByTestId('parameter-name')
        .map((n) => n.textContent),
    ).toEqual(['to', 'value']);
    expect(
      within(inner)
        .getAllByTestId('parameter-type')
        .map((n) => n.textContent),
    ).toEqual(['address', 'uint256']);
    expect(within(inner).getAllByTestId('parameter-value')[1]).toHaveTextContent('42000000');

    expect(screen.getByTestId('details-confirmations')).toHaveTextContent('2 of 2');
    expect(screen.getAllByTestId('details-confirmation')).toHaveLength(2);
    expect(screen.getByTestId('details-proposer')).toHaveTextContent(ownerB);
    expect(screen.getByTestId('details-executor')).toHaveTextContent(ownerA);
    expect(screen.getByTestId('details-tx-hash-value')).toHaveTextContent(txHash);
    expect(screen.getByTestId('details-explorer-link')).toHaveAttribute(
      'href',
      `http://127.0.0.1:5173/explorer/tx/${txHash}`,
    );
    expect(screen.getByTestId('details-fee')).toHaveTextContent('0.000116 ETH');
    expect(screen.getByTestId('back-link')).toHaveTextContent('Back to the history');
  });

  it('warns of a delegate call to an unknown contract, whatever the gateway says of it', async () => {
    const unknown = '0x00000000000000000000000000000000DeaDBeef';
    const hostile = {
      ...batch,
      txData: { ...batch.txData!, to: info(unknown, 'Trusted library'), trustedDelegateCallTarget: true },
    };
    gateway.getTransaction.mockResolvedValueOnce(hostile);
    renderDetails(batch.txId);
    const warning = await screen.findByTestId('delegatecall-warning');
    expect(warning).toHaveTextContent('Delegate call to an unknown contract');
    expect(warning).toHaveTextContent('Countersign does not recognise it as a canonical Safe library');
    expect(screen.queryByTestId('delegatecall-library')).not.toBeInTheDocument();
  });

  it('keeps the advanced parameters in a collapsible section, each value copyable', async () => {
    gateway.getTransaction.mockResolvedValueOnce(batch);
    renderDetails(batch.txId);
    const advanced = await screen.findByTestId('advanced-parameters');
    expect(advanced.tagName).toBe('DETAILS');
    expect(advanced).not.toHaveAttribute('open');
    expect(within(advanced).getByText('Advanced parameters').closest('summary')).not.toBeNull();
    expect(within(advanced).getByTestId('advanced-safeTxHash')).toHaveTextContent(safeTxHash);
    expect(within(advanced).getByTestId('advanced-operation')).toHaveTextContent('1 (DELEGATECALL)');
    for (const name of [
      'operation',
      'safeTxGas',
      'baseGas',
      'gasPrice',
      'gasToken',
      'refundReceiver',
      'nonce',
      'safeTxHash',
    ]) {
      expect(
        within(advanced).getByRole('button', { name: `Copy ${name}`, hidden: true }),
      ).toBeInTheDocument();
    }
  });

  it('says when the gateway does not know the transaction', async () => {
    gateway.getTransaction.mockRejectedValueOnce(new GatewayError('404: Transaction not found', 404, {}));
    renderDetails(`multisig_${safeAddress}_${safeTxHash}`);
    expect(await screen.findByTestId('error-alert')).toHaveTextContent('Unknown transaction');
    expect(screen.getByTestId('error-message')).toHaveTextContent(
      'The gateway does not know the transaction',
    );
  });

  it('shows the Safe’s creation from the history the link came from (the gateway has no details for it)', async () => {
    const id = `creation_${safeAddress}`;
    gateway.getTransaction.mockRejectedValueOnce(new GatewayError('404: Transaction not found', 404, {}));
    renderSafePage(<TransactionPage />, {
      path: testSafe.paths.transaction(id),
      route: '/:safeId/transactions/:txId',
      gateway: fake,
      seed: (client) =>
        client.setQueryData(historyQueryOptions(fake, '1337', safeAddress).queryKey, {
          pages: [{ count: 1, next: null, previous: null, results: [executed(creation, { id })] }],
          pageParams: [null],
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Safe created' })).toBeInTheDocument();
    // The short address is what the eye reads; the whole one is there for screen readers.
    expect(screen.getByTestId('details-summary')).toHaveTextContent(
      /^Safe created by 0xf39F…2266(0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266)?, factory SafeProxyFactory 1\.4\.1$/,
    );
  });
});
