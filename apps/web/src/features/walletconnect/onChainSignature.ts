import type { Hex } from 'viem';
import { signMessageOnChainCall } from '@countersign/safe-core';
import type { MessageContent } from '../messages';
import type { TxDraft } from '../tx-flow';
import type { DappOrigin } from './requests';

/** How a dapp's message is signed: by the owners off-chain (the default), or by a Safe transaction. */
export type SigningMode = 'offchain' | 'onchain';

/**
 * The Safe transaction that signs a dapp's message on chain: SignMessageLib marks `signedHash` (the
 * hash the dapp will put to isValidSignature) as signed by the Safe, so that the Safe accepts the
 * empty signature for it once the transaction is executed.
 */
export function onChainSignatureDraft(params: {
  dapp: DappOrigin;
  content: MessageContent;
  signedHash: Hex;
}): TxDraft {
  const what = typeof params.content === 'string' ? 'message' : 'typed message';
  return {
    title: `Sign a ${what} on chain for ${params.dapp.name}`,
    actions: [
      {
        ...signMessageOnChainCall(params.signedHash),
        label: `Mark the ${what} ${params.signedHash} as signed by the Safe (SignMessageLib)`,
      },
    ],
    origin: { name: params.dapp.name, url: params.dapp.url, note: 'Signed on chain at the owner’s choice' },
  };
}
