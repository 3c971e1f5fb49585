import '../shared/style.css';
import type { GatewayTransactionDetails } from '@safe-global/safe-apps-sdk';
import {
  encodeFunctionData,
  formatUnits,
  getAddress,
  isAddress,
  isHex,
  parseUnits,
  type AbiFunction,
  type Hex,
} from 'viem';
import { isJsonParameter, parseArgument, signatureOf, writeFunctions } from '../shared/abiInputs';
import { byId, errorText, h, replace, toJson } from '../shared/dom';
import { connectSafe, withTimeout, type SafeConnection } from '../shared/safe';
import { knownAbis } from './knownAbis';

type Call = { to: Hex; value: bigint; data: Hex; label: string };

const RAW = '__raw__';
const calls: Call[] = [];
let connection: SafeConnection | undefined;
let functions: AbiFunction[] = [];
let decimals = 18;
let symbol = 'ETH';

const form = byId<HTMLFormElement>('call-form');
const contract = byId<HTMLInputElement>('contract');
const knownAbi = byId<HTMLSelectElement>('known-abi');
const abiText = byId<HTMLTextAreaElement>('abi');
const abiStatus = byId('abi-status');
const method = byId<HTMLSelectElement>('method');
const inputs = byId('inputs');
const value = byId<HTMLInputElement>('value');
const callError = byId('call-error');
const list = byId<HTMLOListElement>('calls');
const sendButton = byId<HTMLButtonElement>('send');
const clearButton = byId<HTMLButtonElement>('clear');
const sendError = byId('send-error');
const sent = byId('sent');

// ——— The Safe ———

async function showSafe() {
  const target = byId('safe');
  try {
    connection = await connectSafe();
    const { safe, chainInfo } = connection;
    decimals = chainInfo.nativeCurrency.decimals;
    symbol = chainInfo.nativeCurrency.symbol;
    byId('value-unit').textContent = `(${symbol})`;
    replace(
      target,
      h(
        'dl',
        { className: 'facts' },
        h('dt', {}, 'Address'),
        h('dd', { className: 'mono', 'data-testid': 'builder-safe-address' }, safe.safeAddress),
        h('dt', {}, 'Chain'),
        h('dd', {}, `${chainInfo.chainName} (${chainInfo.chainId})`),
        h('dt', {}, 'Owners'),
        h('dd', {}, `${safe.threshold} of ${safe.owners.length} must confirm`),
        h('dt', {}, 'Nonce'),
        h('dd', {}, String(safe.nonce)),
      ),
      safe.isReadOnly
        ? h('p', { className: 'muted' }, 'Read-only: you can compose a batch but not send it.')
        : null,
    );
  } catch (error) {
    replace(target, h('p', { className: 'error', role: 'alert' }, errorText(error)));
  }
  updateBatch();
}

// ——— The ABI and the function's inputs ———

replace(
  knownAbi,
  h('option', { value: '' }, 'Paste an ABI…'),
  ...knownAbis.map((known, index) => h('option', { value: String(index) }, known.name)),
);
knownAbi.addEventListener('change', () => {
  const known = knownAbis[Number(knownAbi.value)];
  if (knownAbi.value !== '' && known) {
    abiText.value = JSON.stringify(known.abi, null, 2);
    loadAbi();
  }
});
abiText.addEventListener('input', () => {
  knownAbi.value = '';
  loadAbi();
});

function loadAbi() {
  const text = abiText.value.trim();
  functions = [];
  abiText.removeAttribute('aria-invalid');
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      // A Hardhat or Foundry artifact holds the ABI under "abi".
      const abi = Array.isArray(parsed) ? parsed : (parsed as { abi?: unknown } | null)?.abi;
      if (!Array.isArray(abi)) throw new Error('expected a JSON array');
      functions = writeFunctions(abi);
      abiStatus.textContent = `${functions.length} function${functions.length === 1 ? '' : 's'} that change state.`;
    } catch (error) {
      abiText.setAttribute('aria-invalid', 'true');
      abiStatus.textContent = `Not a valid ABI: ${errorText(error)}`;
    }
  } else {
    abiStatus.textContent = 'Without an ABI, enter the call data as hex.';
  }
  replace(
    method,
    ...functions.map((fn, index) => h('option', { value: String(index) }, signatureOf(fn))),
    h('option', { value: RAW }, 'Raw call data (hex)'),
  );
  renderInputs();
}

method.addEventListener('change', renderInputs);

function selectedFunction(): AbiFunction | undefined {
  return method.value === RAW ? undefined : functions[Number(method.value)];
}

function renderInputs() {
  const fn = selectedFunction();
  if (!fn) {
    replace(
      inputs,
      h(
        'label',
        { for: 'raw-data' },
        'Call data ',
        h('span', { className: 'hint' }, '(0x-prefixed hex, 0x for none)'),
      ),
      h('textarea', { id: 'raw-data', 'data-testid': 'builder-raw-data', spellcheck: 'false' }, '0x'),
    );
    value.disabled = false;
    return;
  }
  replace(
    inputs,
    ...fn.inputs.flatMap((param, index): HTMLElement[] => {
      const id = `arg-${index}`;
      const label = h(
        'label',
        { for: id },
        param.name || `#${index + 1}`,
        ' ',
        h(
          'span',
          { className: 'hint' },
          isJsonParameter(param) ? `(${param.type}, as JSON)` : `(${param.type})`,
        ),
      );
      const attributes = { id, 'data-testid': `builder-arg-${index}`, 'data-param': String(index) };
      if (param.type === 'bool') {
        return [
          label,
          h(
            'select',
            attributes,
            h('option', { value: 'false' }, 'false'),
            h('option', { value: 'true' }, 'true'),
          ),
        ];
      }
      if (isJsonParameter(param))
        return [label, h('textarea', { ...attributes, spellcheck: 'false', placeholder: '[]' })];
      return [label, h('input', { ...attributes, autocomplete: 'off', spellcheck: 'false' })];
    }),
  );
  value.disabled = fn.stateMutability !== 'payable';
  if (value.disabled) value.value = '0';
}

// ——— Adding calls ———

function buildCall(): Call {
  const to = contract.value.trim();
  if (!isAddress(to, { strict: false })) throw new Error('Contract address: not an address');
  let amount: bigint;
  try {
    amount = parseUnits(value.value.trim() || '0', decimals);
  } catch {
    throw new Error(`Value: not an amount of ${symbol}`);
  }
  if (amount < 0n) throw new Error('Value: must not be negative');
  const fn = selectedFunction();
  if (!fn) {
    const data = (byId<HTMLTextAreaElement>('raw-data').value.trim() || '0x') as Hex;
    if (!isHex(data, { strict: true }) || data.length % 2 !== 0)
      throw new Error('Call data: expected hex bytes');
    return {
      to: getAddress(to),
      value: amount,
      data,
      label: data === '0x' ? 'Transfer' : `Raw data (${(data.length - 2) / 2} bytes)`,
    };
  }
  const args = fn.inputs.map((param, index) => {
    const control = inputs.querySelector<HTMLInputElement>(`[data-param="${index}"]`);
    return parseArgument(param, control?.value ?? '');
  });
  const data = encodeFunctionData({ abi: [fn], functionName: fn.name, args });
  const shown = args
    .map((arg) => (typeof arg === 'string' || typeof arg === 'bigint' ? String(arg) : toJson(arg, 0)))
    .join(', ');
  return { to: getAddress(to), value: amount, data, label: `${fn.name}(${shown})` };
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  try {
    calls.push(buildCall());
    callError.textContent = '';
    updateBatch();
  } catch (error) {
    callError.textContent = errorText(error);
  }
});

// ——— The batch ———

function updateBatch() {
  replace(
    list,
    ...calls.map((call, index) =>
      h(
        'li',
        { 'data-testid': 'builder-call' },
        h(
          'div',
          { className: 'call-head' },
          h('strong', { className: 'mono' }, call.label),
          h(
            'button',
            {
              type: 'button',
              className: 'secondary',
              'aria-label': `Remove call ${index + 1}`,
              'data-testid': 'builder-remove',
              onclick: () => {
                calls.splice(index, 1);
                updateBatch();
              },
            },
            'Remove',
          ),
        ),
        h('div', { className: 'mono muted' }, `to ${call.to}`),
        call.value > 0n ? h('div', {}, `value ${formatUnits(call.value, decimals)} ${symbol}`) : null,
        h('details', {}, h('summary', {}, 'Call data'), h('pre', {}, call.data)),
      ),
    ),
  );
  byId('batch-empty').hidden = calls.length > 0;
  byId('batch-count').textContent = calls.length
    ? `(${calls.length} call${calls.length === 1 ? '' : 's'})`
    : '';
  // A read-only view can still propose (a delegate) or be refused by the wallet: the wallet decides.
  sendButton.disabled = calls.length === 0 || !connection;
  clearButton.disabled = calls.length === 0;
}

clearButton.addEventListener('click', () => {
  calls.length = 0;
  updateBatch();
});

sendButton.addEventListener('click', async () => {
  if (!connection) return;
  sendError.textContent = '';
  sendButton.disabled = true;
  try {
    const { safeTxHash } = await connection.sdk.txs.send({
      txs: calls.map((call) => ({ to: call.to, value: call.value.toString(), data: call.data })),
    });
    calls.length = 0;
    showSent(safeTxHash);
  } catch (error) {
    sendError.textContent = errorText(error);
  } finally {
    updateBatch();
  }
});

function showSent(safeTxHash: string) {
  const status = h('div', { 'data-testid': 'builder-tx-status', 'aria-live': 'polite' });
  const lookUp = async () => {
    if (!connection) return;
    replace(status, 'Looking it up…');
    try {
      const details: GatewayTransactionDetails = await withTimeout(
        connection.sdk.txs.getBySafeTxHash(safeTxHash),
        10_000,
        'getTxBySafeTxHash',
      );
      replace(
        status,
        h(
          'dl',
          { className: 'facts' },
          h('dt', {}, 'Status'),
          h('dd', {}, details.txStatus),
          h('dt', {}, 'Transaction hash'),
          h('dd', { className: 'mono' }, details.txHash ?? 'not executed yet'),
        ),
      );
    } catch (error) {
      replace(status, h('span', { className: 'error' }, errorText(error)));
    }
  };
  replace(
    sent,
    h('p', { className: 'ok' }, 'Sent to the Safe. Safe transaction hash:'),
    h('p', { className: 'mono', 'data-testid': 'builder-safe-tx-hash' }, safeTxHash),
    h(
      'div',
      { className: 'row' },
      h(
        'button',
        {
          type: 'button',
          className: 'secondary',
          'data-testid': 'builder-lookup',
          onclick: () => void lookUp(),
        },
        'Look it up',
      ),
    ),
    status,
  );
}

loadAbi();
void showSafe();
