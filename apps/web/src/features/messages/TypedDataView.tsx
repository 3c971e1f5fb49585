import type { ChainInfo, TypedData } from '@countersign/gateway-api';
import { Address, Badge, Detail, DetailList, HexValue, WarningIcon, RevealedText } from '../../ui';
import { chainExplorer } from '../chains';
import { TokenGrantAlert } from './grants/TokenGrantAlert';
import { LongText } from './LongText';
import { typedDataTree, type TypedNode } from './typedDataTree';
import styles from './TypedDataView.module.css';

/** Typed data as a signer reads it: its domain, its primary type, its fields by their types, the raw JSON. */
export function TypedDataView({
  typedData,
  chain,
  safeAddress,
}: {
  typedData: TypedData;
  chain: ChainInfo;
  safeAddress: string;
}) {
  return (
    <div className={styles.view} data-testid="typed-data">
      <TokenGrantAlert typedData={typedData} chain={chain} safeAddress={safeAddress} />
      <h3>Domain</h3>
      <TypedDataDomain domain={typedData.domain} chain={chain} safeAddress={safeAddress} />
      <h3>Message</h3>
      <p className={styles.primaryLine}>
        Primary type{' '}
        <code className={styles.primaryType} data-testid="primary-type">
          <RevealedText text={typedData.primaryType} />
        </code>
      </p>
      <div className={styles.tree} data-testid="typed-data-message">
        <TypedValue node={typedDataTree(typedData)} chain={chain} root />
      </div>
      <details className={styles.raw}>
        <summary>Raw JSON</summary>
        <LongText
          text={JSON.stringify(typedData, null, 2)}
          label="typed data as JSON"
          mono
          testId="typed-data-json"
        />
      </details>
    </div>
  );
}

function TypedDataDomain({
  domain,
  chain,
  safeAddress,
}: {
  domain: TypedData['domain'];
  chain: ChainInfo;
  safeAddress: string;
}) {
  const notSet = <span className={styles.muted}>Not set</span>;
  const chainId = domain.chainId === undefined ? undefined : String(domain.chainId);
  const sameChain = chainId !== undefined && safeBigInt(chainId) === BigInt(chain.chainId);
  const contract = domain.verifyingContract;
  const isAddress = contract !== undefined && /^0x[0-9a-fA-F]{40}$/.test(contract);
  return (
    <DetailList testId="typed-data-domain">
      <Detail label="Name" testId="domain-name">
        {domain.name === undefined ? notSet : <RevealedText text={domain.name} />}
      </Detail>
      <Detail label="Version" testId="domain-version">
        {domain.version === undefined ? notSet : <RevealedText text={domain.version} />}
      </Detail>
      <Detail label="Chain id" testId="domain-chain-id">
        {chainId === undefined ? (
          notSet
        ) : (
          <>
            <code>{chainId}</code>
            {sameChain ? (
              <Badge tone="ok">{chain.chainName}</Badge>
            ) : (
              <Badge tone="warn">Not this Safe’s chain</Badge>
            )}
          </>
        )}
      </Detail>
      <Detail label="Verifying contract" testId="domain-verifying-contract">
        {contract === undefined ? (
          notSet
        ) : isAddress ? (
          <>
            <Address address={contract} copy explorerUrl={chainExplorer(chain).address(contract)} />
            {contract.toLowerCase() === safeAddress.toLowerCase() && <Badge tone="accent">This Safe</Badge>}
          </>
        ) : (
          <Invalid reason="Not an address" raw={contract} />
        )}
      </Detail>
      <Detail label="Salt" testId="domain-salt">
        {domain.salt === undefined ? notSet : <HexValue value={domain.salt} label="salt" full />}
      </Detail>
    </DetailList>
  );
}

function safeBigInt(value: string): bigint | undefined {
  try {
    return BigInt(value.trim());
  } catch {
    return undefined;
  }
}

/** Values up to this length sit on their field's line; longer ones get a text box with Show all. */
const INLINE_MAX = 160;

function TypedValue({ node, chain, root = false }: { node: TypedNode; chain: ChainInfo; root?: boolean }) {
  switch (node.kind) {
    case 'struct':
      return (
        <div className={root ? undefined : styles.nested}>
          <ul className={styles.fields}>
            {node.fields.map((field, index) => (
              <li key={`${index}-${field.name}`} className={styles.field} data-testid="typed-field">
                <span className={styles.label}>
                  <span className={styles.name} data-testid="typed-field-name">
                    <RevealedText text={field.name} />
                  </span>
                  <code className={styles.type}>
                    <RevealedText text={field.type} />
                  </code>
                </span>
                <TypedValue node={field.node} chain={chain} />
              </li>
            ))}
          </ul>
          {node.undeclared.length > 0 && (
            <p className={styles.note} data-testid="typed-undeclared">
              <WarningIcon size={14} /> Not part of the type, so not signed:{' '}
              <RevealedText text={node.undeclared.join(', ')} />
            </p>
          )}
        </div>
      );
    case 'array':
      return (
        <div className={styles.nested}>
          {node.items.length === 0 ? (
            <span className={styles.muted}>Empty list</span>
          ) : (
            <ol className={styles.items} start={0}>
              {node.items.map((item, index) => (
                <li key={index} className={styles.field} data-testid="typed-item">
                  <span className={styles.label}>
                    <span className={styles.index}>[{index}]</span>
                  </span>
                  <TypedValue node={item} chain={chain} />
                </li>
              ))}
            </ol>
          )}
          {node.expectedLength !== undefined && node.expectedLength !== node.items.length && (
            <p className={styles.note}>
              <WarningIcon size={14} /> {node.expectedLength} items expected, {node.items.length} given
            </p>
          )}
        </div>
      );
    case 'address':
      return (
        <span className={styles.value} data-testid="typed-address">
          <Address address={node.value} copy explorerUrl={chainExplorer(chain).address(node.value)} />
        </span>
      );
    case 'bytes':
      return node.value.length <= INLINE_MAX ? (
        <span className={styles.value} data-testid="typed-bytes">
          <HexValue value={node.value} label={node.type} full />
        </span>
      ) : (
        <div className={styles.block} data-testid="typed-bytes">
          <LongText text={node.value} label={node.type} mono />
        </div>
      );
    case 'bool':
      return (
        <code className={styles.value} data-testid="typed-bool">
          {String(node.value)}
        </code>
      );
    case 'number':
      return (
        <code className={styles.value} data-testid="typed-number">
          {node.value}
        </code>
      );
    case 'string':
      return node.value.length <= INLINE_MAX && !node.value.includes('\n') ? (
        <span className={`${styles.value} ${styles.text}`} data-testid="typed-string">
          <RevealedText text={node.value} />
        </span>
      ) : (
        <div className={styles.block} data-testid="typed-string">
          <LongText text={node.value} label="text" />
        </div>
      );
    case 'invalid':
      return <Invalid reason={node.reason} raw={node.raw} />;
  }
}

function Invalid({ reason, raw }: { reason: string; raw: string }) {
  const shown = raw.length > INLINE_MAX ? `${raw.slice(0, INLINE_MAX)}…` : raw;
  return (
    <span className={`${styles.value} ${styles.invalid}`} data-testid="typed-invalid">
      <WarningIcon size={14} /> {reason}:{' '}
      <code className={styles.text}>
        <RevealedText text={shown} />
      </code>
    </span>
  );
}
