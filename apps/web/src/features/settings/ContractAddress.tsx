import type { AddressInfo, ChainInfo } from '@countersign/gateway-api';
import { Address, Badge } from '../../ui';
import { chainExplorer } from '../chains';
import { contractName } from './contractName';
import styles from './Settings.module.css';

/** A contract the Safe relies on, named when it is known, and said to be unknown when it is not. */
export function ContractAddress({
  info,
  chain,
  testId,
}: {
  info: AddressInfo;
  chain: ChainInfo;
  testId?: string;
}) {
  const name = contractName(info);
  return (
    <span className={styles.contract} data-testid={testId}>
      <Address address={info.value} name={name} copy explorerUrl={chainExplorer(chain).address(info.value)} />
      {name === null && (
        <Badge tone="neutral" testId="unknown-contract">
          Not a known contract
        </Badge>
      )}
    </span>
  );
}
