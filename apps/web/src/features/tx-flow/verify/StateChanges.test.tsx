import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAddress, maxUint256, parseEther, type Address } from 'viem';
import {
  safe130,
  safe141,
  type StateChanges as Changes,
  type StateChangesOutcome,
} from '@countersign/safe-core';
import { teamSafeAddress } from '../../../testing';
import { formatFiat } from '../../../ui';
import { StateChanges } from './StateChanges';

const safe = teamSafeAddress as Address;
const recipient = getAddress('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
const token = getAddress('0x610178dA211FEF7D417bC0e6FeD39F05609AD788');
const evil = getAddress('0x000000000000000000000000000000000000bad1');
const native = { symbol: 'ETH', decimals: 18 };
const tokens = new Map([[token.toLowerCase(), { symbol: 'DEV', decimals: 18 }]]);

const done = (
  changes: Partial<Changes>,
): { data: StateChangesOutcome; isPending: false; isError: false; error: null } => ({
  data: {
    status: 'done',
    changes: {
      engine: 'eth_simulateV1',
      balanceChanges: [],
      approvals: [],
      safeChanges: [],
      unchecked: [],
      ...changes,
    },
  },
  isPending: false,
  isError: false,
  error: null,
});

describe('StateChanges', () => {
  it('says it is working while the node runs the transaction', () => {
    render(
      <StateChanges query={{ isPending: true, isError: false, error: null }} native={native} safe={safe} />,
    );
    expect(screen.getByTestId('state-changes')).toHaveAttribute('data-state', 'running');
  });

  it('says nothing was checked when the node offers no simulation, and shows no changes', () => {
    const reason =
      "This chain's node offers no simulation (eth_simulateV1): what this transaction changes was not checked.";
    render(
      <StateChanges
        query={{
          data: { status: 'unavailable', engine: 'eth_simulateV1', reason },
          isPending: false,
          isError: false,
          error: null,
        }}
        native={native}
        safe={safe}
      />,
    );
    expect(screen.getByTestId('state-changes')).toHaveAttribute('data-state', 'unavailable');
    expect(screen.getByTestId('state-unchecked')).toHaveTextContent(reason);
    expect(screen.queryByTestId('state-nothing')).not.toBeInTheDocument();
    expect(screen.queryByTestId('state-balance-change')).not.toBeInTheDocument();
  });

  it('lists balance changes per account, the Safe first, in the token’s symbol and decimals', () => {
    render(
      <StateChanges
        query={done({
          balanceChanges: [
            { account: safe, asset: { kind: 'native' }, delta: -parseEther('0.5') },
            { account: safe, asset: { kind: 'erc20', address: token }, delta: -parseEther('12') },
            { account: recipient, asset: { kind: 'native' }, delta: parseEther('0.5') },
            { account: recipient, asset: { kind: 'erc20', address: token }, delta: parseEther('12') },
            { account: recipient, asset: { kind: 'erc721', address: evil, tokenId: 42n }, delta: 1n },
          ],
        })}
        native={native}
        safe={safe}
        tokens={tokens}
      />,
    );
    const changes = screen.getAllByTestId('state-balance-change').map((item) => item.textContent);
    expect(changes).toEqual([
      '−0.5 ETH',
      `−12 DEV (${token})`,
      '+0.5 ETH',
      `+12 DEV (${token})`,
      `+NFT #42 of collection ${evil}`,
    ]);
    const accounts = screen.getByRole('list', { name: 'Balance changes' });
    expect(within(accounts).getByText('This Safe')).toBeInTheDocument();
    expect(accounts).toHaveTextContent(recipient);
    expect(screen.getByTestId('state-changes')).toHaveAttribute('data-state', 'done');
    expect(screen.queryByTestId('state-unchecked')).not.toBeInTheDocument();
  });

  it('shows an amount in base units when the token gave no symbol and decimals', () => {
    render(
      <StateChanges
        query={done({
          balanceChanges: [{ account: safe, asset: { kind: 'erc20', address: token }, delta: -5n }],
        })}
        native={native}
        safe={safe}
      />,
    );
    expect(screen.getByTestId('state-balance-change')).toHaveTextContent(`−5 base units of token ${token}`);
  });

  it('warns about an unlimited approval, and states a limited one plainly', () => {
    render(
      <StateChanges
        query={done({
          approvals: [
            { kind: 'erc20', token, owner: safe, spender: evil, amount: maxUint256, unlimited: true },
            {
              kind: 'erc20',
              token,
              owner: safe,
              spender: recipient,
              amount: parseEther('3'),
              unlimited: false,
            },
          ],
        })}
        native={native}
        safe={safe}
        tokens={tokens}
      />,
    );
    const [unlimited, limited] = screen.getAllByTestId('state-approval');
    expect(unlimited).toHaveRole('alert');
    expect(unlimited).toHaveTextContent('An unlimited approval');
    expect(unlimited).toHaveTextContent(`This Safe allows`);
    expect(unlimited).toHaveTextContent(evil);
    expect(unlimited).toHaveTextContent(`to spend an unlimited amount of DEV (${token})`);
    expect(limited).toHaveTextContent(`to spend up to 3 DEV (${token})`);
    expect(limited).toHaveAttribute('data-unlimited', 'false');
  });

  it('names an operator grant over a whole collection', () => {
    render(
      <StateChanges
        query={done({
          approvals: [
            { kind: 'approvalForAll', token, owner: safe, spender: evil, approved: true, unlimited: true },
          ],
        })}
        native={native}
        safe={safe}
      />,
    );
    expect(screen.getByTestId('state-approval')).toHaveTextContent(
      `makes ${evil} an operator of all its tokens of collection ${token}`,
    );
  });

  it('names collections as their contracts (or, said so, the gateway) call them, with the token id', () => {
    const cards = getAddress('0x00000000000000000000000000000000000c4a2d');
    const items = getAddress('0x0000000000000000000000000000000000001155');
    const unnamed = getAddress('0x000000000000000000000000000000000000f00d');
    render(
      <StateChanges
        query={done({
          balanceChanges: [
            { account: safe, asset: { kind: 'erc721', address: evil, tokenId: 7n }, delta: -1n },
            { account: safe, asset: { kind: 'erc1155', address: items, tokenId: 3n }, delta: -5n },
            { account: safe, asset: { kind: 'erc1155', address: unnamed, tokenId: 9n }, delta: 2n },
          ],
          approvals: [
            {
              kind: 'approvalForAll',
              token: cards,
              owner: safe,
              spender: evil,
              approved: true,
              unlimited: true,
            },
            { kind: 'erc721', token: evil, owner: safe, spender: recipient, tokenId: 8n, unlimited: false },
          ],
        })}
        native={native}
        safe={safe}
        collections={
          new Map([
            [
              evil.toLowerCase(),
              { name: 'Countersign Collectibles', symbol: 'CSC', source: 'contract' as const },
            ],
            [items.toLowerCase(), { name: 'Game Items', symbol: null, source: 'gateway' as const }],
            [cards.toLowerCase(), { name: 'Cards', symbol: 'Cards', source: 'contract' as const }],
          ])
        }
      />,
    );
    expect(screen.getAllByTestId('state-balance-change').map((item) => item.textContent)).toEqual([
      `−NFT #7 of Countersign Collectibles (CSC) (${evil})`,
      `−5 of token #3 of Game Items (as the gateway names it; ${items}) (ERC-1155)`,
      `+2 of token #9 of collection ${unnamed} (ERC-1155)`,
    ]);
    const [operator, single] = screen.getAllByTestId('state-approval');
    expect(operator).toHaveRole('alert');
    expect(operator).toHaveTextContent(
      `an operator of all its tokens of Cards (${cards}): it can move every one`,
    );
    expect(single).toHaveTextContent(
      `allows ${recipient} to transfer NFT #8 of Countersign Collectibles (CSC) (${evil}).`,
    );
  });

  it('raises every change to the Safe itself as a danger, naming known contracts', () => {
    render(
      <StateChanges
        query={done({
          safeChanges: [
            { kind: 'implementation', before: getAddress(safe141.safeL2), after: evil },
            { kind: 'owners', before: [safe], after: [evil, safe], added: [evil], removed: [] },
            { kind: 'threshold', before: 2n, after: 1n },
            { kind: 'modules', before: [], after: [evil], added: [evil], removed: [] },
            { kind: 'guard', before: '0x0000000000000000000000000000000000000000', after: evil },
            {
              kind: 'fallbackHandler',
              before: evil,
              after: getAddress(safe141.compatibilityFallbackHandler),
            },
            {
              kind: 'storage',
              slot: `0x${'00'.repeat(31)}07`,
              before: `0x${'00'.repeat(32)}`,
              after: `0x${'00'.repeat(31)}01`,
            },
          ],
        })}
        native={native}
        safe={safe}
      />,
    );
    const alerts = screen.getAllByTestId('state-safe-change');
    expect(alerts.map((alert) => alert.getAttribute('role'))).toEqual(Array(7).fill('alert'));
    const text = alerts.map((alert) => alert.textContent);
    expect(text[0]).toContain(
      `The Safe's implementation changes to ${evil} (unknown contract), from ${getAddress(safe141.safeL2)} (SafeL2 1.4.1)`,
    );
    expect(text[1]).toContain(`The Safe's owners change: adds ${evil}. It will have 2 owners.`);
    expect(text[2]).toContain("The Safe's threshold changes from 2 to 1: 1 confirmation will be enough");
    expect(text[3]).toContain(`Enables module ${evil}`);
    expect(text[4]).toContain(`The Safe's guard changes to ${evil} (unknown contract)`);
    expect(text[5]).toContain('(CompatibilityFallbackHandler 1.4.1)');
    expect(text[6]).toContain(`writes to the Safe's storage at slot 0x${'00'.repeat(31)}07`);
  });

  it('shows an upgrade to newer canonical contracts as expected, not as a danger', () => {
    render(
      <StateChanges
        query={done({
          safeChanges: [
            { kind: 'implementation', before: getAddress(safe130.safeL2), after: getAddress(safe141.safeL2) },
            {
              kind: 'fallbackHandler',
              before: getAddress(safe130.compatibilityFallbackHandler),
              after: getAddress(safe141.compatibilityFallbackHandler),
            },
          ],
        })}
        native={native}
        safe={safe}
      />,
    );
    const alerts = screen.getAllByTestId('state-safe-change');
    expect(alerts.map((alert) => alert.getAttribute('role'))).toEqual(['status', 'status']);
    expect(alerts[0]).toHaveTextContent('The Safe is upgraded to SafeL2 1.4.1');
    expect(alerts[0]).toHaveTextContent(
      `The Safe's implementation changes to ${getAddress(safe141.safeL2)} (SafeL2 1.4.1), from ${getAddress(safe130.safeL2)} (SafeL2 1.3.0).`,
    );
    expect(alerts[0]).toHaveTextContent('It is a canonical Safe deployment of a newer version');
    expect(alerts[1]).toHaveTextContent('The Safe is upgraded to CompatibilityFallbackHandler 1.4.1');
    expect(alerts.map((alert) => alert.querySelector('[data-expected]')?.getAttribute('data-kind'))).toEqual([
      'implementation',
      'fallbackHandler',
    ]);
  });

  it('keeps an implementation changed away from unknown code a danger, even to a canonical one', () => {
    render(
      <StateChanges
        query={done({
          safeChanges: [{ kind: 'implementation', before: evil, after: getAddress(safe141.safeL2) }],
        })}
        native={native}
        safe={safe}
      />,
    );
    const alert = screen.getByTestId('state-safe-change');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('The Safe’s code changes');
    expect(alert.querySelector('[data-expected]')).toBeNull();
  });

  it('gives a revert with its reason, rendered as text, and lists what was not checked', () => {
    render(
      <StateChanges
        query={done({
          reverted: { call: 'transaction', reason: '<img src=x onerror=alert(1)>' },
          unchecked: ["Other writes to the Safe's storage: this chain's node offers no storage diff."],
        })}
        native={native}
        safe={safe}
      />,
    );
    const revert = screen.getByTestId('state-revert');
    expect(revert).toHaveTextContent(
      'Executed now, the call it makes would fail: <img src=x onerror=alert(1)>.',
    );
    expect(revert.querySelector('img')).toBeNull();
    expect(screen.getByTestId('state-unchecked')).toHaveTextContent(
      "Not checked: Other writes to the Safe's storage: this chain's node offers no storage diff.",
    );
    expect(screen.queryByTestId('state-nothing')).not.toBeInTheDocument();
  });

  it('says when nothing changes', () => {
    render(<StateChanges query={done({})} native={native} safe={safe} />);
    expect(screen.getByTestId('state-nothing')).toHaveTextContent(
      'This run changed no balance, approval or setting of the Safe.',
    );
  });
});

describe('StateChanges, fiat values', () => {
  it('values coin and token amounts at the gateway’s prices, said to be its, and nothing else', () => {
    render(
      <StateChanges
        query={done({
          balanceChanges: [
            { account: safe, asset: { kind: 'native' }, delta: -parseEther('0.5') },
            { account: safe, asset: { kind: 'erc20', address: token }, delta: -parseEther('12') },
            { account: safe, asset: { kind: 'erc20', address: evil }, delta: -5n },
            { account: recipient, asset: { kind: 'erc721', address: evil, tokenId: 42n }, delta: 1n },
          ],
        })}
        native={native}
        safe={safe}
        tokens={tokens}
        prices={{
          currency: 'usd',
          perToken: new Map([
            ['native', '2000'],
            [token.toLowerCase(), '0.5'],
            [evil.toLowerCase(), '3'],
          ]),
        }}
      />,
    );
    const changes = screen.getAllByTestId('state-balance-change').map((item) => item.textContent);
    expect(changes[0]).toBe(`−0.5 ETH (≈ ${formatFiat(1000, 'usd')} at the gateway’s price)`);
    expect(changes[1]).toBe(`−12 DEV (${token}) (≈ ${formatFiat(6, 'usd')} at the gateway’s price)`);
    // No decimals from the token's contract: no value, whatever the gateway's price.
    expect(changes[2]).toBe(`−5 base units of token ${evil}`);
    expect(changes[3]).toBe(`+NFT #42 of collection ${evil}`);
    expect(screen.getAllByTestId('state-fiat')).toHaveLength(2);
  });
});
