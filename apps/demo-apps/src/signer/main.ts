import '../shared/style.css';
import type { EIP712TypedData } from '@safe-global/safe-apps-sdk';
import type { TypedDataDefinition } from 'viem';
import { byId, errorText, h, replace } from '../shared/dom';
import { connectSafe, withTimeout, type SafeConnection } from '../shared/safe';

let connection: SafeConnection | undefined;
const signMessageButton = byId<HTMLButtonElement>('sign-message');
const signTypedButton = byId<HTMLButtonElement>('sign-typed');
const typed = byId<HTMLTextAreaElement>('typed');

function exampleTypedData(chainId: number, safe: string) {
  return {
    domain: { name: 'Countersign demo', version: '1', chainId, verifyingContract: safe },
    types: {
      Note: [
        { name: 'author', type: 'address' },
        { name: 'contents', type: 'string' },
        { name: 'issuedAt', type: 'uint256' },
      ],
    },
    primaryType: 'Note',
    message: { author: safe, contents: 'Approved by the Safe', issuedAt: Math.floor(Date.now() / 1000) },
  };
}

/**
 * A signature of '0x' means the Safe has no signature to give yet (more owners must sign, or it signs
 * on chain); the SDK then checks isValidSignature on chain, which holds once the Safe has signed.
 */
async function showResult(target: HTMLElement, signature: string, check: () => Promise<boolean>) {
  replace(
    target,
    h('p', {}, 'Signature:'),
    h('pre', { 'data-testid': 'signer-signature' }, signature === '0x' ? '0x (none yet)' : signature),
  );
  const verdict = h('p', { 'data-testid': 'signer-verdict' }, 'Checking with the Safe…');
  target.append(verdict);
  try {
    const valid = await withTimeout(check(), 10_000, 'isValidSignature');
    verdict.className = valid ? 'ok' : 'muted';
    verdict.textContent = valid
      ? 'The Safe accepts this signature (EIP-1271).'
      : 'The Safe does not accept it yet: more owners may need to sign.';
  } catch (error) {
    verdict.className = 'error';
    verdict.textContent = errorText(error);
  }
}

signMessageButton.addEventListener('click', async () => {
  if (!connection) return;
  const { walletClient, sdk } = connection;
  const target = byId('message-result');
  const message = byId<HTMLTextAreaElement>('message').value;
  replace(target, 'Waiting for the Safe wallet…');
  signMessageButton.disabled = true;
  try {
    const signature = await walletClient.signMessage({ message });
    // The provider signs the hex of the text's bytes: the Safe checks the EIP-191 hash of those bytes.
    await showResult(target, signature, () => sdk.safe.isMessageSigned(message, signature));
  } catch (error) {
    replace(target, h('p', { className: 'error', role: 'alert' }, errorText(error)));
  } finally {
    signMessageButton.disabled = false;
  }
});

signTypedButton.addEventListener('click', async () => {
  if (!connection) return;
  const { walletClient, sdk } = connection;
  const target = byId('typed-result');
  let data: TypedDataDefinition & EIP712TypedData;
  try {
    data = JSON.parse(typed.value) as TypedDataDefinition & EIP712TypedData;
    typed.removeAttribute('aria-invalid');
  } catch {
    typed.setAttribute('aria-invalid', 'true');
    replace(target, h('p', { className: 'error', role: 'alert' }, 'The typed data is not valid JSON.'));
    return;
  }
  replace(target, 'Waiting for the Safe wallet…');
  signTypedButton.disabled = true;
  try {
    const signature = await walletClient.signTypedData(data);
    await showResult(target, signature, () => sdk.safe.isMessageSigned(data, signature));
  } catch (error) {
    replace(target, h('p', { className: 'error', role: 'alert' }, errorText(error)));
  } finally {
    signTypedButton.disabled = false;
  }
});

async function start() {
  const target = byId('safe');
  try {
    connection = await connectSafe();
    const { safe, chainInfo } = connection;
    typed.value = JSON.stringify(exampleTypedData(safe.chainId, safe.safeAddress), null, 2);
    replace(
      target,
      h(
        'dl',
        { className: 'facts' },
        h('dt', {}, 'Address'),
        h('dd', { className: 'mono' }, safe.safeAddress),
        h('dt', {}, 'Chain'),
        h('dd', {}, `${chainInfo.chainName} (${chainInfo.chainId})`),
        h('dt', {}, 'Owners'),
        h('dd', {}, `${safe.threshold} of ${safe.owners.length} must sign`),
      ),
    );
    signMessageButton.disabled = false;
    signTypedButton.disabled = false;
  } catch (error) {
    replace(target, h('p', { className: 'error', role: 'alert' }, errorText(error)));
  }
}

void start();
