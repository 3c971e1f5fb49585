import * as z from 'zod/mini';
import { safeMessagePageSchema, safeMessageSchema, type ProposeMessageBody } from '../schemas/messages';
import { path, type RequestOptions, type Transport } from '../http';
import { pass, type ChainParams, type CursorParams, type SafeParams } from './common';

type MessageParams = ChainParams & { messageHash: string };

export function messagesResource(t: Transport) {
  return {
    /** `GET /v1/chains/{chainId}/safes/{safeAddress}/messages`: newest first, with UTC day labels. */
    getMessages: ({ chainId, safeAddress, cursor }: SafeParams & CursorParams, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/safes/${safeAddress}/messages`, safeMessagePageSchema, {
        ...pass(opts),
        query: { cursor },
      }),
    /** `GET /v1/chains/{chainId}/messages/{messageHash}`. */
    getMessage: ({ chainId, messageHash }: MessageParams, opts?: RequestOptions) =>
      t.request(path`/v1/chains/${chainId}/messages/${messageHash}`, safeMessageSchema, pass(opts)),
    /** `POST /v1/chains/{chainId}/safes/{safeAddress}/messages`: answers 202 with no body; read it back with getMessage. */
    proposeMessage: async (
      { chainId, safeAddress, body }: SafeParams & { body: ProposeMessageBody },
      opts?: RequestOptions,
    ): Promise<void> => {
      await t.request(path`/v1/chains/${chainId}/safes/${safeAddress}/messages`, z.unknown(), {
        ...pass(opts),
        method: 'POST',
        body,
      });
    },
    /** `POST /v1/chains/{chainId}/messages/{messageHash}/signatures`: adds an owner's signature. */
    confirmMessage: async (
      { chainId, messageHash, signature }: MessageParams & { signature: string },
      opts?: RequestOptions,
    ): Promise<void> => {
      await t.request(path`/v1/chains/${chainId}/messages/${messageHash}/signatures`, z.unknown(), {
        ...pass(opts),
        method: 'POST',
        body: { signature },
      });
    },
  };
}
