import type { TxInfo } from '@countersign/gateway-api';
import { TokenAmount, shortenAddress, useAddressName } from '../../ui';
import { describeParts, type DescribeOptions, type Phrase, type PhrasePart } from './describe';
import styles from './TransactionSummaryText.module.css';

/** An address inside a sentence: the user's or the gateway's name, else `0x1234…abcd`; whole on hover. */
export function InlineAddress({ value, name }: { value: string; name: string | null }) {
  const shown = useAddressName(value, name);
  return (
    <span className={styles.address} title={value} data-testid="inline-address" data-address={value}>
      {shown !== undefined ? (
        <bdi className={styles.name}>{shown}</bdi>
      ) : (
        <>
          <span aria-hidden="true">{shortenAddress(value)}</span>
          <span className="visually-hidden">{value}</span>
        </>
      )}
    </span>
  );
}

function Part({ part }: { part: PhrasePart }) {
  if (typeof part === 'string') return <>{part}</>;
  switch (part.type) {
    case 'address':
      return <InlineAddress value={part.value} name={part.name} />;
    case 'amount':
      return <TokenAmount value={part.value} decimals={part.decimals} symbol={part.symbol} />;
    case 'nft':
      return (
        <span className={styles.nft}>
          {part.collection === null ? (
            <InlineAddress value={part.address} name={null} />
          ) : (
            <bdi className={styles.text}>{part.collection}</bdi>
          )}{' '}
          <bdi>#{part.tokenId}</bdi>
        </span>
      );
    case 'text':
      // Untrusted: isolated so a right-to-left override cannot reorder the words around it.
      return <bdi className={styles.text}>{part.value}</bdi>;
  }
}

/** A phrase from describe.ts, with addresses and amounts rendered by their components. */
export function PhraseText({ phrase, testId }: { phrase: Phrase; testId?: string }) {
  return (
    <span className={styles.phrase} data-testid={testId}>
      {phrase.map((part, index) => (
        <Part key={index} part={part} />
      ))}
    </span>
  );
}

/** What a transaction does, in words, for any view ("Sent 0.5 ETH to 0x2361…1E8f"). */
export function TransactionSummaryText({
  txInfo,
  testId,
  ...options
}: { txInfo: TxInfo; testId?: string } & DescribeOptions) {
  return <PhraseText phrase={describeParts(txInfo, options)} testId={testId} />;
}
