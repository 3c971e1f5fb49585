import { Suspense, useMemo } from 'react';
import type { Hex } from 'viem';
import type { ChainInfo, SafeMessage } from '@countersign/gateway-api';
import { Alert, invisibleCharactersIn } from '../../ui';
import { ChildRequestNote } from '../tx-flow';
import { isRawMessage, isTypedData } from './messageContent';
import { LongText } from './LongText';
import { TypedDataView } from './TypedDataView';

/**
 * What the owners sign, in full: the text (its hidden characters shown as markers, and named) or
 * the typed data by its structure.
 */
export function MessageContentView({
  content,
  chain,
  safeAddress,
}: {
  content: SafeMessage['message'];
  chain: ChainInfo;
  safeAddress: string;
}) {
  const invisible = useMemo(
    () => invisibleCharactersIn(typeof content === 'string' ? content : JSON.stringify(content)),
    [content],
  );
  return (
    <>
      {invisible.length > 0 && (
        <Alert tone="warn" title="Hidden characters" testId="invisible-warning">
          <p>
            This message holds characters that change how text reads without being seen:{' '}
            {invisible.join(', ')}. Each is shown as a ⟨U+…⟩ marker; what the owners sign contains them.
          </p>
        </Alert>
      )}
      {isRawMessage(content) ? (
        <>
          <Suspense fallback={null}>
            <ChildRequestNote bytes={content.bytes as Hex} />
          </Suspense>
          <LongText text={content.bytes} label="bytes" mono testId="message-bytes" />
        </>
      ) : isTypedData(content) ? (
        <TypedDataView typedData={content} chain={chain} safeAddress={safeAddress} />
      ) : (
        <LongText text={content} label="message" testId="message-text" />
      )}
    </>
  );
}
