import type { Address as AddressType } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import type { SafeTx } from '@countersign/safe-core';
import { useOwnAddressName } from '../../../ui';
import { useContractAbis } from '../../address-book';
import { describeCall } from './actionWords';
import { ApprovedHashNote } from './ApprovedHashNote';
import { useTokenFacts } from './tokenFacts';
import styles from './Verification.module.css';

type Call = Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>;

/**
 * Calls in an owner's words, decoded from their bytes: token amounts in the units and symbol the
 * token contract itself gives, and every address in full with the name the user (or the Safe's
 * owners list) has for it.
 */
export function CallWords({
  calls,
  chain,
  safe,
  testId,
}: {
  calls: readonly Call[];
  chain: ChainInfo;
  safe: AddressType;
  testId?: string;
}) {
  const tokens = useTokenFacts(chain, safe, calls);
  const abiFor = useContractAbis(chain.chainId);
  const native = { symbol: chain.nativeCurrency.symbol, decimals: chain.nativeCurrency.decimals };
  return (
    <ol className={styles.calls} data-testid={testId}>
      {calls.map((call, index) => {
        const words = describeCall(call, { safe, native, tokens: tokens.data, abiFor });
        return (
          <li key={index} className={styles.call} data-testid="call-words">
            <span className={styles.words}>{words}</span>
            <AddressNames text={words} safe={safe} />
            <ApprovedHashNote call={call} chain={chain} safe={safe} />
          </li>
        );
      })}
    </ol>
  );
}

/** The names of the addresses a sentence names, each beside its full address. */
export function AddressNames({ text, safe }: { text: string; safe: string }) {
  const addresses = [...new Set(text.match(/0x[0-9a-fA-F]{40}/g) ?? [])];
  if (addresses.length === 0) return null;
  return (
    <ul className={styles.names}>
      {addresses.map((address) => (
        <NamedAddress key={address} address={address} safe={safe} />
      ))}
    </ul>
  );
}

function NamedAddress({ address, safe }: { address: string; safe: string }) {
  const name = useOwnAddressName(address);
  const label = address.toLowerCase() === safe.toLowerCase() ? 'this Safe' : name;
  if (!label) return null;
  return (
    <li data-testid="call-address-name">
      <span className={styles.name}>{label}</span>: <code>{address}</code>
    </li>
  );
}
