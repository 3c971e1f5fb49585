import type { AddressInfo, DataDecoded, DecodedParameter, MultiSendEntry } from '@countersign/gateway-api';
import { Address, Badge, CopyButton, HexValue, TokenAmount, checksummed } from '../../ui';
import { chainExplorer } from '../chains';
import { useSafe } from '../safe';
import styles from './TransactionDetails.module.css';

type Names = Record<string, AddressInfo> | null;

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);

/** CALL or DELEGATECALL, as the Safe's `operation` field says. */
export const operationLabel = (operation: number) =>
  operation === 1 ? 'DELEGATECALL' : operation === 0 ? 'CALL' : `Unknown (${operation})`;

/** An address from calldata, named from the gateway's index of the addresses it knows. */
export function KnownAddress({ value, names }: { value: string; names: Names }) {
  const { chain } = useSafe();
  const info = names?.[value] ?? names?.[checksummed(value)];
  return (
    <Address
      address={value}
      name={info?.name ?? null}
      copy
      explorerUrl={chainExplorer(chain).address(value)}
      identiconSize={20}
    />
  );
}

/** A long value (hex data, a decoded string): as text, wrapped, copyable. */
export function CopyableCode({ value, label }: { value: string; label: string }) {
  return (
    <span className={styles.copyable}>
      <code className={styles.code}>{value}</code>
      <CopyButton value={value} label={label} />
    </span>
  );
}

function ParameterValue({ parameter, names }: { parameter: DecodedParameter; names: Names }) {
  const { value, type } = parameter;
  if (type === 'address' && isAddress(value)) return <KnownAddress value={value} names={names} />;
  if (Array.isArray(value)) {
    if (value.length === 0) return <code className={styles.code}>[]</code>;
    return (
      <ol className={styles.arrayValue}>
        {value.map((element, index) => (
          <li key={index}>
            {type.startsWith('address') && isAddress(element) ? (
              <KnownAddress value={element} names={names} />
            ) : (
              <code className={styles.code}>
                {typeof element === 'string' ? element : JSON.stringify(element)}
              </code>
            )}
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'string')
    return value.length > 66 ? (
      <CopyableCode value={value} label={`Copy ${parameter.name || 'value'}`} />
    ) : (
      <code className={styles.code}>{value}</code>
    );
  return <code className={styles.code}>{JSON.stringify(value) ?? String(value)}</code>;
}

/**
 * Decoded calldata: the method and each parameter with its type and value. A parameter the gateway
 * decoded further (a MultiSend's transactions, or nested calldata) is shown decoded below it.
 */
export function DecodedCall({
  decoded,
  names,
  testId,
}: {
  decoded: DataDecoded;
  names: Names;
  testId?: string;
}) {
  const parameters = decoded.parameters ?? [];
  return (
    <div className={styles.decoded} data-testid={testId}>
      <p className={styles.method}>
        <code data-testid="decoded-method">{decoded.method}</code>
        {decoded.accuracy !== undefined && decoded.accuracy !== 'FULL_MATCH' && (
          <Badge tone="warn" title="How sure the decoder is of this method">
            {decoded.accuracy.replaceAll('_', ' ').toLowerCase()}
          </Badge>
        )}
      </p>
      {parameters.length === 0 ? (
        <p className={styles.muted}>No parameters.</p>
      ) : (
        <ul className={styles.parameters}>
          {parameters.map((parameter, index) => (
            <li key={index} className={styles.parameter} data-testid="decoded-parameter">
              <span className={styles.parameterName}>
                <span data-testid="parameter-name">{parameter.name || `#${index}`}</span>{' '}
                <code className={styles.type} data-testid="parameter-type">
                  {parameter.type}
                </code>
              </span>
              <span className={styles.parameterValue} data-testid="parameter-value">
                {parameter.valueDecoded && typeof parameter.value === 'string' ? (
                  // Decoded below: the encoded bytes only need to be there to copy.
                  <HexValue value={parameter.value} label={parameter.name || 'value'} />
                ) : (
                  <ParameterValue parameter={parameter} names={names} />
                )}
              </span>
              {Array.isArray(parameter.valueDecoded) ? (
                <MultiSendActions actions={parameter.valueDecoded} names={names} />
              ) : parameter.valueDecoded ? (
                <div className={styles.nested}>
                  <DecodedCall decoded={parameter.valueDecoded} names={names} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The calls a MultiSend batch makes, each with its operation, target, value and its own decoded call. */
export function MultiSendActions({ actions, names }: { actions: MultiSendEntry[]; names: Names }) {
  const { chain } = useSafe();
  return (
    <ol className={styles.actions} data-testid="multisend-actions" aria-label={`${actions.length} actions`}>
      {actions.map((action, index) => (
        <li key={index} className={styles.action} data-testid="multisend-action">
          <p className={styles.actionTitle}>
            Action {index + 1}{' '}
            <Badge tone={action.operation === 1 ? 'danger' : 'neutral'} testId="action-operation">
              {operationLabel(action.operation)}
            </Badge>
          </p>
          <dl className={styles.actionFields}>
            <dt>To</dt>
            <dd data-testid="action-to">
              <KnownAddress value={action.to} names={names} />
            </dd>
            <dt>Value</dt>
            <dd data-testid="action-value">
              <TokenAmount
                value={action.value}
                decimals={chain.nativeCurrency.decimals}
                symbol={chain.nativeCurrency.symbol}
              />
            </dd>
            {action.dataDecoded ? (
              <>
                <dt>Call</dt>
                <dd>
                  <DecodedCall decoded={action.dataDecoded} names={names} testId="action-decoded" />
                </dd>
              </>
            ) : action.data && action.data !== '0x' ? (
              <>
                <dt>Data</dt>
                <dd>
                  <CopyableCode value={action.data} label={`Copy the data of action ${index + 1}`} />
                </dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
