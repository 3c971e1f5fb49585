import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, erc20Abi, parseAbi } from 'viem';
import type { Balance } from '@countersign/gateway-api';
import { AddressBookNames, setAddressName } from '../../address-book';
import { balancesQueryOptions, TokenNames } from '../../assets';
import type { TxDraft } from '../draft';
import { ContractForm } from './ContractForm';
import { fakeGateway, renderSafePage, teamSafeAddress } from '../../../testing';

configure({ asyncUtilTimeout: 5_000 });

const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const abi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'a', type: 'address' }] },
  {
    type: 'function',
    name: 'setRoot',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'root', type: 'bytes32' },
      { name: 'active', type: 'bool' },
    ],
  },
  {
    type: 'function',
    name: 'deposit',
    stateMutability: 'payable',
    inputs: [{ name: 'amounts', type: 'uint8[]' }],
  },
];

/** The Safe's token list: DUSD, an ERC-20 of 6 decimals. */
const dusd: Balance = {
  tokenInfo: {
    type: 'ERC20',
    address: TOKEN,
    decimals: 6,
    symbol: 'DUSD',
    name: 'Dev Dollar',
    logoUri: null,
  },
  balance: '2500000',
  fiatBalance: '2.5',
  fiatConversion: '1',
  fiatBalance24hChange: null,
};

function open(initial: { to?: string } = {}, { holdsToken = false } = {}) {
  const onReview = vi.fn<(draft: TxDraft) => void>();
  const user = userEvent.setup();
  renderSafePage(
    // Named as on a Safe's pages: the address book first, then the Safe's token list.
    <AddressBookNames chainId="1337">
      <TokenNames chainId="1337" address={teamSafeAddress}>
        <ContractForm onReview={onReview} initial={initial} />
      </TokenNames>
    </AddressBookNames>,
    {
      seed: holdsToken
        ? (client) =>
            client.setQueryData(
              balancesQueryOptions(fakeGateway(), '1337', teamSafeAddress, 'usd').queryKey,
              {
                fiatTotal: '2.5',
                items: [dusd],
              },
            )
        : undefined,
    },
  );
  return { user, onReview };
}

const field = (testId: string) => screen.getByTestId(testId);
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;
const functionsOffered = () =>
  within(field('contract-function'))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('ContractForm', () => {
  it('says nothing about the fields the user has not reached when an ABI is pasted', async () => {
    const { user } = open();
    await user.click(field('contract-abi'));
    await user.paste(JSON.stringify(abi));
    await user.selectOptions(field('contract-function'), 'deposit(uint8[])');
    expect(errorOf('contract-address')).toBeUndefined();
    expect(errorOf('contract-param-0')).toBeUndefined();
    expect(errorOf('contract-value')).toBeUndefined();
    // Left empty, the address says so.
    await user.click(field('contract-address'));
    await user.tab();
    expect(errorOf('contract-address')).toBe('Enter an address.');
  });

  it('lists the write functions of a pasted ABI and builds the call from typed parameters', async () => {
    const { user, onReview } = open({ to: TOKEN });
    await user.click(field('contract-abi'));
    await user.paste(JSON.stringify(abi));
    expect(screen.getByTestId('contract-abi-hint')).toHaveTextContent(
      '2 functions to call; 1 view or pure left out.',
    );
    const options = within(field('contract-function')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'setRoot(bytes32,bool)',
      'deposit(uint8[]) (payable)',
    ]);
    expect(screen.queryByTestId('contract-value')).toBeNull();

    await user.type(field('contract-param-0'), '0x1234');
    await user.click(field('form-continue'));
    expect(errorOf('contract-param-0')).toBe(
      'Must be exactly 32 bytes (0x and 64 hexadecimal digits); this is 2.',
    );
    expect(errorOf('contract-param-1')).toBe('Choose true or false.');
    await waitFor(() => expect(field('contract-param-0')).toHaveFocus());
    expect(onReview).not.toHaveBeenCalled();

    const root = `0x${'ab'.repeat(32)}`;
    await user.clear(field('contract-param-0'));
    await user.type(field('contract-param-0'), root);
    await user.selectOptions(field('contract-param-1'), 'true');
    await user.click(field('form-continue'));
    const [action] = onReview.mock.calls[0]![0].actions;
    expect(action).toMatchObject({ to: TOKEN, value: 0n, label: `Call setRoot(${root}, true) on ${TOKEN}` });
    expect(
      decodeFunctionData({ abi: parseAbi(['function setRoot(bytes32,bool)']), data: action!.data }).args,
    ).toEqual([root, true]);
  });

  it('offers a value for a payable function', async () => {
    const { user, onReview } = open({ to: TOKEN });
    await user.click(field('contract-abi'));
    await user.paste(JSON.stringify(abi));
    await user.selectOptions(field('contract-function'), 'deposit(uint8[])');
    await user.type(field('contract-param-0'), '1, 2, 300');
    await user.type(field('contract-value'), '0.5');
    await user.click(field('form-continue'));
    expect(errorOf('contract-param-0')).toBe('Item 3: Must be between 0 and 255 (uint8).');
    await user.clear(field('contract-param-0'));
    await user.type(field('contract-param-0'), '1, 2, 3');
    await user.click(field('form-continue'));
    expect(onReview.mock.calls[0]![0].actions[0]).toMatchObject({
      value: 5n * 10n ** 17n,
      label: `Call deposit([1, 2, 3]) on ${TOKEN} with 0.5 ETH`,
    });
  });

  it('says what is wrong with the ABI as soon as it is pasted', async () => {
    const { user } = open();
    await user.click(field('contract-abi'));
    await user.paste('[{"type":"function","name":"x","stateMutability":"view","inputs":[]}]');
    expect(errorOf('contract-abi')).toBe(
      'This ABI has no function to call: it has only view and pure functions, which need no transaction.',
    );
  });

  it('sends raw data with a value', async () => {
    const { user, onReview } = open();
    await user.type(field('contract-address'), ALICE.toLowerCase());
    await user.click(field('contract-mode-raw'));
    await user.type(field('contract-data'), '0xabc');
    await user.click(field('form-continue'));
    expect(errorOf('contract-data')).toMatch(/odd number/);
    await user.type(field('contract-data'), 'd');
    await user.type(field('contract-value'), '1');
    await user.click(field('form-continue'));
    expect(onReview.mock.calls[0]![0]).toEqual({
      title: 'Contract interaction',
      actions: [
        {
          to: ALICE,
          value: 10n ** 18n,
          data: '0xabcd',
          label: `Call ${ALICE} with 2 bytes of data and 1 ETH`,
        },
      ],
    });
  });

  it('fills in a standard ABI, and brings back the text it replaced', async () => {
    const { user } = open();
    const standards = screen.getByRole('group', { name: 'Fill in a standard ABI' });
    await user.click(within(standards).getByRole('button', { name: 'ERC-20' }));
    expect(functionsOffered()).toEqual([
      'approve(address,uint256)',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
    ]);
    // Nothing was there to lose.
    expect(screen.queryByTestId('contract-abi-replaced')).toBeNull();

    await user.clear(field('contract-abi'));
    await user.click(field('contract-abi'));
    await user.paste(JSON.stringify(abi));
    await user.click(field('contract-abi-erc1155'));
    expect(functionsOffered()).toEqual([
      'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
      'safeTransferFrom(address,address,uint256,uint256,bytes)',
      'setApprovalForAll(address,bool)',
    ]);
    expect(field('contract-abi-replaced')).toHaveTextContent(
      'Your ABI was replaced with the ERC-1155 functions.',
    );
    await user.click(within(field('contract-abi-replaced')).getByRole('button', { name: 'Undo' }));
    expect(field('contract-abi')).toHaveValue(JSON.stringify(abi));
    expect(field('contract-abi')).toHaveFocus();
    expect(screen.queryByTestId('contract-abi-replaced')).toBeNull();
  });

  it('fills in the ABI kept in the address book, which a standard replaces only with an undo', async () => {
    const kept = erc20Abi.filter((item) => item.type === 'function' && item.name === 'transfer');
    localStorage.setItem('countersign.contract-abis', JSON.stringify({ 1337: { [TOKEN]: kept } }));
    const { user } = open({ to: TOKEN });
    await waitFor(() => expect(functionsOffered()).toEqual(['transfer(address,uint256)']));
    expect(field('contract-abi-hint')).toHaveTextContent('1 function to call. From your address book.');
    const keptText = (field('contract-abi') as HTMLTextAreaElement).value;
    await user.click(field('contract-abi-erc721'));
    expect(functionsOffered()).toHaveLength(5);
    await user.click(field('contract-abi-undo'));
    expect(field('contract-abi')).toHaveValue(keptText);
  });

  it('names the contract from the token list, the address book first', async () => {
    open({ to: TOKEN }, { holdsToken: true });
    const preview = await screen.findByTestId('contract-address-preview');
    await waitFor(() => expect(within(preview).getByTestId('address-name')).toHaveTextContent('Dev Dollar'));
    setAddressName('1337', TOKEN, 'Payroll dollars');
    await waitFor(() =>
      expect(within(preview).getByTestId('address-name')).toHaveTextContent('Payroll dollars'),
    );
  });

  it('shows the function whose parameters it asks for when a standard ABI is the first thing chosen', async () => {
    const { user } = open({ to: TOKEN }, { holdsToken: true });
    await user.click(field('contract-abi-erc20'));
    const select = field('contract-function') as HTMLSelectElement;
    const legend = within(screen.getByTestId('contract-params')).getByText(/^Parameters of /);
    expect(select.value).not.toBe('');
    expect(legend).toHaveTextContent(`Parameters of ${select.value.split('(')[0]}`);
  });

  it('reads an amount of a token the Safe holds in base units or in the token’s units', async () => {
    const { user, onReview } = open({ to: TOKEN }, { holdsToken: true });
    await user.click(field('contract-abi-erc20'));
    await user.selectOptions(field('contract-function'), 'transfer(address,uint256)');
    await user.type(field('contract-param-0'), ALICE);
    const amount = field('contract-param-1');
    expect(field('contract-param-1-hint')).toHaveTextContent(
      'A whole number of base units (DUSD has 6 decimals), or an amount in DUSD such as 12.5 DUSD.',
    );
    await user.type(amount, '12500000');
    expect(field('contract-param-1-hint')).toHaveTextContent('= 12.5 DUSD');
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(field('form-continue'));
    expect(errorOf('contract-param-1')).toBe(
      'Base units are whole numbers. To mean 12.5 DUSD, write "12.5 DUSD".',
    );
    await user.type(amount, ' dusd');
    expect(field('contract-param-1-hint')).toHaveTextContent('= 12500000 in base units');
    await user.click(field('form-continue'));
    const [action] = onReview.mock.calls[0]![0].actions;
    expect(decodeFunctionData({ abi: erc20Abi, data: action!.data }).args).toEqual([ALICE, 12_500_000n]);
  });

  it('leaves amounts in base units for a contract the token list does not know', async () => {
    const { user } = open({ to: ALICE }, { holdsToken: true });
    await user.click(field('contract-abi-erc20'));
    expect(field('contract-param-1-hint')).toHaveTextContent(/^A whole number between 0 and 2\^256 - 1/);
    expect(screen.queryByTestId('address-name')).toBeNull();
  });

  it('warns of a look-alike of an owner in an address parameter and in the contract address, without blocking', async () => {
    const { user, onReview } = open({ to: TOKEN });
    const imitation = `0x7099${'0'.repeat(32)}79C8`;
    await user.click(field('contract-abi-erc20'));
    await user.selectOptions(field('contract-function'), 'transfer(address,uint256)');
    await user.click(field('contract-param-0'));
    await user.paste(imitation);
    expect(field('contract-param-0-warning')).toHaveTextContent(
      'Looks like the owner 0x7099…79C8 but is a different address. Check every character.',
    );
    await user.clear(field('contract-param-0'));
    await user.type(field('contract-param-0'), ALICE);
    expect(screen.queryByTestId('contract-param-0-warning')).toBeNull();
    await user.clear(field('contract-param-0'));
    await user.paste(imitation);
    await user.type(field('contract-param-1'), '5');
    await user.click(field('form-continue'));
    expect(onReview).toHaveBeenCalledTimes(1);

    await user.clear(field('contract-address'));
    await user.type(field('contract-address'), imitation);
    expect(field('contract-address-warning')).toHaveTextContent('Looks like the owner 0x7099…79C8');
  });
});
