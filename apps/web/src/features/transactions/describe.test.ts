import { describe, expect, it } from 'vitest';
import type { SettingsInfo, TxStatus } from '@countersign/gateway-api';
import { describeParts, describeTransaction, readableKind, transactionKind } from './describe';
import {
  creation,
  custom,
  erc20,
  erc721,
  info,
  native,
  settings,
  transfer,
  unknownKind,
} from './testFixtures';

const owner = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const other = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const contract = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
const executed = { status: 'SUCCESS' as TxStatus };
const queued = { status: 'AWAITING_CONFIRMATIONS' as TxStatus };

describe('describeTransaction: transfers', () => {
  it('says which way the assets went, how much and with whom', () => {
    expect(describeTransaction(transfer(native('500000000000000000')), executed)).toBe(
      'Sent 0.5 ETH to 0x2361…1E8f',
    );
    expect(describeTransaction(transfer(native('500000000000000000')), queued)).toBe(
      'Send 0.5 ETH to 0x2361…1E8f',
    );
    expect(describeTransaction(transfer(native('1250000000000000000'), 'INCOMING'), executed)).toBe(
      'Received 1.25 ETH from 0x976E…0aa9',
    );
    expect(describeTransaction(transfer(native('1'), 'UNKNOWN'), executed)).toBe(
      'Transfer of <0.000001 ETH from 0xe690…1590 to 0x2361…1E8f',
    );
  });

  it('uses the chain’s native currency, the token’s symbol and decimals, and names for addresses', () => {
    const tx = transfer(native('2000000000000000000'));
    expect(describeTransaction(tx, { ...executed, nativeCurrency: { symbol: 'xDAI', decimals: 18 } })).toBe(
      'Sent 2 xDAI to 0x2361…1E8f',
    );
    expect(describeTransaction(transfer(erc20('250000000000000000000')), executed)).toBe(
      'Sent 250 DEV to 0x2361…1E8f',
    );
    const named = {
      ...transfer(erc20('42000000', { decimals: 6, tokenSymbol: null, tokenName: 'Dev Dollar' })),
      recipient: info('0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', 'Payroll'),
    };
    expect(describeTransaction(named, executed)).toBe('Sent 42 Dev Dollar to Payroll');
  });

  it('names NFTs by collection and id, and says when an amount is unknown', () => {
    expect(describeTransaction(transfer(erc721('5'), 'INCOMING'), executed)).toBe(
      'Received CSC #5 from 0x976E…0aa9',
    );
    expect(describeTransaction(transfer(native(null)), executed)).toBe(
      'Sent an unknown amount of ETH to 0x2361…1E8f',
    );
    expect(
      describeTransaction(
        transfer({ type: 'UNKNOWN', originalType: 'ERC1155', raw: { type: 'ERC1155' } }, 'INCOMING'),
        executed,
      ),
    ).toBe('Received tokens (ERC1155) from 0x976E…0aa9');
  });
});

describe('describeTransaction: settings changes', () => {
  const cases: [SettingsInfo, string, string][] = [
    [
      { type: 'ADD_OWNER', owner: info(owner), threshold: 2 },
      'Added owner 0x9965…A4dc and set threshold to 2',
      'Add owner 0x9965…A4dc and set threshold to 2',
    ],
    [
      { type: 'REMOVE_OWNER', owner: info(owner), threshold: 1 },
      'Removed owner 0x9965…A4dc and set threshold to 1',
      'Remove owner 0x9965…A4dc and set threshold to 1',
    ],
    [
      { type: 'SWAP_OWNER', oldOwner: info(owner), newOwner: info(other) },
      'Swapped owner 0x9965…A4dc for 0x976E…0aa9',
      'Swap owner 0x9965…A4dc for 0x976E…0aa9',
    ],
    [{ type: 'CHANGE_THRESHOLD', threshold: 3 }, 'Changed threshold to 3', 'Change threshold to 3'],
    [
      { type: 'CHANGE_MASTER_COPY', implementation: info(contract, 'SafeL2 1.5.0') },
      'Changed implementation to SafeL2 1.5.0',
      'Change implementation to SafeL2 1.5.0',
    ],
    [
      { type: 'CHANGE_IMPLEMENTATION', implementation: info(contract) },
      'Changed implementation to 0x14dC…9955',
      'Change implementation to 0x14dC…9955',
    ],
    [
      { type: 'ENABLE_MODULE', module: info(contract) },
      'Enabled module 0x14dC…9955',
      'Enable module 0x14dC…9955',
    ],
    [
      { type: 'DISABLE_MODULE', module: info(contract) },
      'Disabled module 0x14dC…9955',
      'Disable module 0x14dC…9955',
    ],
    [
      { type: 'SET_FALLBACK_HANDLER', handler: info(contract, 'CompatibilityFallbackHandler') },
      'Set fallback handler CompatibilityFallbackHandler',
      'Set fallback handler CompatibilityFallbackHandler',
    ],
    [{ type: 'SET_GUARD', guard: info(contract) }, 'Set guard 0x14dC…9955', 'Set guard 0x14dC…9955'],
    [{ type: 'DELETE_GUARD' }, 'Removed guard', 'Remove guard'],
    [
      { type: 'SET_MODULE_GUARD', moduleGuard: info(contract) },
      'Set module guard 0x14dC…9955',
      'Set module guard 0x14dC…9955',
    ],
    [{ type: 'DELETE_MODULE_GUARD' }, 'Removed module guard', 'Remove module guard'],
    [
      { type: 'UNKNOWN', originalType: 'SET_SOMETHING_NEW' },
      'Settings change (Set something new)',
      'Settings change (Set something new)',
    ],
  ];

  it.each(cases)('%o reads "%s" once executed and "%s" while queued', (settingsInfo, past, pending) => {
    expect(describeTransaction(settings(settingsInfo), executed)).toBe(past);
    expect(describeTransaction(settings(settingsInfo), queued)).toBe(pending);
  });

  it('falls back to the decoded method when the gateway does not say which change', () => {
    expect(describeTransaction(settings(null, 'setGuard'), executed)).toBe('Settings change: setGuard');
  });

  it('gives each change a short kind', () => {
    expect(transactionKind(settings({ type: 'ADD_OWNER', owner: info(owner), threshold: 2 }))).toBe(
      'Add owner',
    );
    expect(transactionKind(settings({ type: 'CHANGE_MASTER_COPY', implementation: info(contract) }))).toBe(
      'Change implementation',
    );
    expect(transactionKind(settings({ type: 'DELETE_MODULE_GUARD' }))).toBe('Remove module guard');
    expect(transactionKind(settings(null))).toBe('Settings change');
  });
});

describe('describeTransaction: custom calls, creation and kinds this client does not know', () => {
  it('words on-chain rejections, batches and calls', () => {
    expect(describeTransaction(custom({ isCancellation: true, to: info(contract) }), queued)).toBe(
      'On-chain rejection',
    );
    expect(describeTransaction(custom({ methodName: 'multiSend', actionCount: 2 }), executed)).toBe(
      'Batch of 2 actions via MultiSendCallOnly 1.4.1',
    );
    expect(describeTransaction(custom({ methodName: 'multiSend', actionCount: 1 }), executed)).toBe(
      'Batch of 1 action via MultiSendCallOnly 1.4.1',
    );
    // A real gateway leaves actionCount out, or sends null, when it could not count.
    expect(describeTransaction(custom({ methodName: 'multiSend', actionCount: null }), executed)).toBe(
      'Batch of actions via MultiSendCallOnly 1.4.1',
    );
    expect(describeTransaction(custom({ methodName: 'approve', to: info(contract) }), executed)).toBe(
      'Called approve on 0x14dC…9955',
    );
    expect(describeTransaction(custom({ methodName: 'approve', to: info(contract) }), queued)).toBe(
      'Call approve on 0x14dC…9955',
    );
    expect(describeTransaction(custom({ to: info(contract), value: '1000000000000000000' }), executed)).toBe(
      'Contract interaction with 0x14dC…9955, sending 1 ETH',
    );
    expect(transactionKind(custom({ isCancellation: true }))).toBe('On-chain rejection');
    expect(transactionKind(custom({ methodName: 'multiSend', actionCount: 3 }))).toBe('Batch');
    expect(transactionKind(custom({ methodName: 'approve' }))).toBe('Contract interaction');
  });

  it('says who created the Safe, with which factory', () => {
    expect(describeTransaction(creation, executed)).toBe(
      'Safe created by 0xf39F…2266, factory SafeProxyFactory 1.4.1',
    );
    expect(describeTransaction({ ...creation, factory: null }, executed)).toBe('Safe created by 0xf39F…2266');
    expect(transactionKind(creation)).toBe('Safe created');
  });

  it('shows an unknown kind by a readable name, the gateway’s description, and the method when known', () => {
    const swap = unknownKind('SwapOrder', { uid: '0x01', status: 'open' });
    expect(transactionKind(swap)).toBe('Swap order');
    expect(describeTransaction(swap, executed)).toBe('Swap order');
    expect(describeTransaction(unknownKind('TwapOrder', {}, 'Sell 10 WETH over 4 parts'))).toBe(
      'Sell 10 WETH over 4 parts',
    );
    expect(describeTransaction(unknownKind('VaultDeposit', { methodName: 'deposit' }))).toBe(
      'Vault deposit (deposit)',
    );
    expect(transactionKind(unknownKind('NativeStakingValidatorsExit'))).toBe(
      'Native staking validators exit',
    );
  });

  it('keeps hostile text as text parts, cut to a sane length', () => {
    const hostile = `<img src=x onerror=alert(1)>\u202E${'x'.repeat(10_000)}`;
    const parts = describeParts(unknownKind('MadeUp', { methodName: hostile }, hostile));
    const texts = parts.filter((part) => typeof part !== 'string');
    expect(texts).toHaveLength(2);
    for (const part of texts) {
      expect(part).toMatchObject({ type: 'text' });
      expect((part as { value: string }).value.length).toBeLessThanOrEqual(240);
      expect((part as { value: string }).value.startsWith('<img src=x onerror=alert(1)>\u202E')).toBe(true);
    }
    const token = describeParts(transfer(erc20('1', { tokenSymbol: hostile })), executed)[1];
    expect(token).toMatchObject({ type: 'amount' });
    expect((token as { symbol: string }).symbol.length).toBeLessThanOrEqual(32);
  });
});

describe('readableKind', () => {
  it.each([
    ['SwapOrder', 'Swap order'],
    ['TwapOrder', 'TWAP order'],
    ['SwapAndBridge', 'Swap and bridge'],
    ['NativeStakingDeposit', 'Native staking deposit'],
    ['made_up-kind', 'Made up kind'],
    ['SET_SOMETHING_NEW', 'Set something new'],
    ['', 'Unknown transaction'],
  ])('%s → %s', (original, readable) => {
    expect(readableKind(original)).toBe(readable);
  });
});
