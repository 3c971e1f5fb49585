import { knownContractName, type SafeTx } from '@countersign/safe-core';
import { Card, Detail, DetailList, groupedExactAmount, HexValue } from '../../../ui';
import { useContractAbis } from '../../address-book';
import { useSafe } from '../../safe';
import { describeCall } from './actionWords';
import { ApprovedHashNote } from './ApprovedHashNote';
import { AddressName, NamedWords } from './CallWords';
import { innerCalls } from './innerCalls';
import { useTokenFacts } from './tokenFacts';
import styles from './CallList.module.css';

/**
 * What a Safe transaction does, call by call (each part of a batch), in words decoded here from its
 * bytes, with where each goes and what it carries: the one list a review and a shared transaction show.
 */
export function CallList({
  call,
  testId,
}: {
  call: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;
  testId: string;
}) {
  const { chain, address } = useSafe();
  const native = { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals };
  const calls = innerCalls(call);
  const tokens = useTokenFacts(chain, address, calls);
  const abiFor = useContractAbis(chain.chainId);
  return (
    <Card>
      <ol className={styles.actions} data-testid={`${testId}s`}>
        {calls.map((inner, index) => {
          const words = describeCall(inner, { safe: address, native, tokens: tokens.data, abiFor });
          // Named by the token contract itself when it is one (read from the chain), as the canonical
          // Safe deployment it is (SafeMigration 1.4.1), or else by the user.
          const token = tokens.data?.get(inner.to.toLowerCase());
          const known = knownContractName(inner.to);
          return (
            <li key={index} className={styles.action} data-testid={testId}>
              <p className={styles.words}>
                <NamedWords text={words} safe={address} />
              </p>
              <ApprovedHashNote call={inner} chain={chain} safe={address} />
              <DetailList>
                <Detail label="To">
                  <code className={styles.code}>{inner.to}</code>
                  {token ? (
                    <span data-testid="call-to-name"> ({token.symbol} token contract)</span>
                  ) : known ? (
                    <span data-testid="call-to-name"> ({known})</span>
                  ) : (
                    <AddressName address={inner.to} safe={address} />
                  )}
                </Detail>
                {inner.value > 0n && (
                  <Detail label="Value">
                    {groupedExactAmount(inner.value, native.decimals)} {native.symbol}
                  </Detail>
                )}
                {inner.data !== '0x' && (
                  <Detail label="Data">
                    <HexValue value={inner.data} label="data" chars={10} />
                  </Detail>
                )}
                {inner.operation === 1 && <Detail label="Operation">Delegatecall</Detail>}
              </DetailList>
            </li>
          );
        })}
      </ol>
      {calls.length > 1 && (
        <p className={styles.batchNote}>
          Sent as one delegatecall to {call.to} (MultiSendCallOnly), which makes each call above in order; if
          one fails, none happens.
        </p>
      )}
    </Card>
  );
}
