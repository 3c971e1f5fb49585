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
 * token contract itself gives, and every address in full followed by the name the user (or the
 * Safe's owners list) has for it.
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
            <span className={styles.words}>
              <NamedWords text={words} safe={safe} />
            </span>
            <ApprovedHashNote call={call} chain={chain} safe={safe} />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A sentence of the review with each address it names in full, followed by the name the user (or
 * the Safe's owners list) has for it: the headline says who, and the address can still be compared
 * with a hardware wallet's screen.
 */
export function NamedWords({ text, safe }: { text: string; safe: string }) {
  const parts = text.split(/(0x[0-9a-fA-F]{40})/);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          part
        ) : // An address the sentence already describes ("(this Safe)", "(SafeMigration 1.4.1)") is not named twice.
        parts[index + 1]?.startsWith(' (') ? (
          part
        ) : (
          <NamedAddress key={index} address={part} safe={safe} />
        ),
      )}
    </>
  );
}

function NamedAddress({ address, safe }: { address: string; safe: string }) {
  return (
    <>
      {address}
      <AddressName address={address} safe={safe} />
    </>
  );
}

/** " (Dave)" after an address the user has named ("this Safe" for the Safe); nothing otherwise. */
export function AddressName({ address, safe }: { address: string; safe: string }) {
  const name = useOwnAddressName(address);
  const label = address.toLowerCase() === safe.toLowerCase() ? 'this Safe' : name;
  if (!label) return null;
  return (
    <>
      {' ('}
      <span className={styles.name} data-testid="call-address-name">
        {label}
      </span>
      {')'}
    </>
  );
}
