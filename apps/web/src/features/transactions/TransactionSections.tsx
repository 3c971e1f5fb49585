// The sections of a transaction’s details page: the call, the confirmations, the execution, the advanced parameters.
import type {
  AddressInfo,
  MultisigExecutionDetails,
  TransactionData,
  TransactionDetails,
} from '@countersign/gateway-api';
import {
  Address,
  Alert,
  Badge,
  ChevronDownIcon,
  DateTime,
  Detail,
  DetailList,
  HexValue,
  Section,
  TokenAmount,
} from '../../ui';
import { isTrustedDelegateCallTarget, knownContractName } from '@countersign/safe-core';
import { chainExplorer } from '../chains';
import { OwnerSafeBadge } from '../nested-safes';
import { useSafe } from '../safe';
import { isPendingStatus, confirmationsLabel } from './describe';
import { CopyableCode, DecodedCall, KnownAddress, operationLabel } from './DecodedCall';
import styles from './TransactionDetails.module.css';

/** The names the gateway gave for the addresses of a call: its index, its tokens, and the target. */
function namesOf(data: TransactionData): Record<string, AddressInfo> {
  const names: Record<string, AddressInfo> = {};
  for (const token of Object.values(data.tokenInfoIndex ?? {})) {
    names[token.address] = { value: token.address, name: token.name || token.symbol, logoUri: null };
  }
  Object.assign(names, data.addressInfoIndex ?? {});
  names[data.to.value] = data.to;
  return names;
}

export function CallSection({ data }: { data: TransactionData }) {
  const { chain } = useSafe();
  const delegate = data.operation === 1;
  // Decided here from the address, not from the gateway's trustedDelegateCallTarget: a canonical
  // Safe library (MultiSend, SignMessageLib) needs no warning, anything else is the danger it is.
  const trustedLibrary = delegate && isTrustedDelegateCallTarget(data.to.value);
  const names = namesOf(data);
  const bytes = data.hexData ? Math.max(0, (data.hexData.length - 2) / 2) : 0;
  return (
    <Section title="Call" id="call">
      {delegate && !trustedLibrary && (
        <Alert tone="danger" title="Delegate call to an unknown contract" testId="delegatecall-warning">
          <p>
            The code at this address runs as the Safe itself, with its storage and its balance: it can change
            the owners, the modules and the guard, or move every asset. It is not a canonical MultiSend or
            SignMessageLib contract. Only sign a delegate call to a contract you wrote or audited.
          </p>
          {data.trustedDelegateCallTarget && (
            <p>
              The gateway lists this contract as a trusted delegate call target; Countersign does not
              recognise it as a canonical Safe library.
            </p>
          )}
        </Alert>
      )}
      <DetailList testId="call-details">
        <Detail label="To" testId="call-to">
          <KnownAddress value={data.to.value} names={names} />
        </Detail>
        <Detail label="Value" testId="call-value">
          <TokenAmount
            value={data.value ?? '0'}
            decimals={chain.nativeCurrency.decimals}
            symbol={chain.nativeCurrency.symbol}
          />
        </Detail>
        <Detail label="Operation">
          <span data-testid="call-operation">
            <Badge tone={delegate && !trustedLibrary ? 'danger' : 'neutral'}>
              {operationLabel(data.operation)}
            </Badge>
          </span>
          {trustedLibrary && (
            <span className={styles.muted} data-testid="delegatecall-library">
              to {knownContractName(data.to.value as `0x${string}`)}, a canonical Safe library (recognised
              here by its address)
            </span>
          )}
        </Detail>
        {data.dataDecoded ? (
          <Detail label="Decoded by the gateway">
            <DecodedCall decoded={data.dataDecoded} names={names} testId="decoded-call" />
          </Detail>
        ) : null}
        {data.hexData && bytes > 0 && (
          <Detail label="Data" testId="call-data">
            {data.dataDecoded ? (
              // Decoded above: the bytes are there to copy and compare.
              <HexValue value={data.hexData} label="data" />
            ) : (
              <CopyableCode value={data.hexData} label="Copy the data" />
            )}
            <span className={styles.muted}>{bytes.toLocaleString()} bytes</span>
          </Detail>
        )}
      </DetailList>
    </Section>
  );
}

export function ConfirmationsSection({
  multisig,
  status,
}: {
  multisig: MultisigExecutionDetails;
  status: string;
}) {
  const { chain } = useSafe();
  const explorer = chainExplorer(chain);
  const confirmed = new Set(multisig.confirmations.map((c) => c.signer.value.toLowerCase()));
  const waiting = isPendingStatus(status)
    ? multisig.signers.filter((signer) => !confirmed.has(signer.value.toLowerCase()))
    : [];
  const person = (info: AddressInfo, testId?: string) => (
    <Address
      address={info.value}
      name={info.name}
      copy
      explorerUrl={explorer.address(info.value)}
      testId={testId}
    />
  );
  return (
    <Section
      title={
        <>
          Confirmations{' '}
          <span className={styles.count} data-testid="details-confirmations">
            {confirmationsLabel(multisig.confirmations.length, multisig.confirmationsRequired)}
          </span>
        </>
      }
      id="confirmations"
    >
      <DetailList testId="confirmations">
        <Detail label="Required" testId="details-required">
          {multisig.confirmationsRequired} of {multisig.signers.length} owners
        </Detail>
        {multisig.proposer && (
          <Detail label="Proposed by">{person(multisig.proposer, 'details-proposer')}</Detail>
        )}
        {multisig.proposedByDelegate && (
          <Detail label="Proposed by delegate">
            {person(multisig.proposedByDelegate, 'details-delegate')}
          </Detail>
        )}
        <Detail label="Signed by">
          {multisig.confirmations.length === 0 ? (
            'Nobody yet'
          ) : (
            <ul className={styles.people}>
              {multisig.confirmations.map((confirmation) => (
                <li key={confirmation.signer.value} data-testid="details-confirmation">
                  {person(confirmation.signer)}
                  <OwnerSafeBadge owner={confirmation.signer.value} />
                  <span className={styles.muted}>
                    <DateTime value={confirmation.submittedAt} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Detail>
        {waiting.length > 0 && (
          <Detail label="Not signed yet">
            <ul className={styles.people}>
              {waiting.map((signer) => (
                <li key={signer.value} data-testid="details-missing-signer">
                  {person(signer)}
                  <OwnerSafeBadge owner={signer.value} />
                </li>
              ))}
            </ul>
          </Detail>
        )}
        {multisig.rejectors.length > 0 && (
          <Detail label="Rejected by">
            <ul className={styles.people}>
              {multisig.rejectors.map((rejector) => (
                <li key={rejector.value}>{person(rejector)}</li>
              ))}
            </ul>
          </Detail>
        )}
      </DetailList>
    </Section>
  );
}

export function ExecutionSection({
  details,
  multisig,
}: {
  details: TransactionDetails;
  multisig: MultisigExecutionDetails | null;
}) {
  const { chain } = useSafe();
  const explorer = chainExplorer(chain);
  const link = details.txHash ? explorer.tx(details.txHash) : null;
  const module =
    details.detailedExecutionInfo?.type === 'MODULE' ? details.detailedExecutionInfo.address : null;
  const nonZero = (value: string | null) => value !== null && /^\d+$/.test(value) && BigInt(value) > 0n;
  return (
    <Section title="Execution" id="execution">
      <DetailList testId="execution-details">
        {details.txHash ? (
          <Detail label="Transaction hash" testId="details-tx-hash">
            <HexValue value={details.txHash} full label="transaction hash" testId="details-tx-hash-value" />
            {link && (
              <a href={link} target="_blank" rel="noopener noreferrer" data-testid="details-explorer-link">
                View on explorer
              </a>
            )}
          </Detail>
        ) : (
          <Detail label="Transaction hash">Not executed yet</Detail>
        )}
        {details.executedAt !== null && (
          <Detail label="Executed" testId="details-executed-at">
            <DateTime value={details.executedAt} />
          </Detail>
        )}
        {multisig && (
          <Detail label="Submitted" testId="details-submitted-at">
            <DateTime value={multisig.submittedAt} />
          </Detail>
        )}
        {multisig?.executor && (
          <Detail label="Executed by">
            <Address
              address={multisig.executor.value}
              name={multisig.executor.name}
              copy
              explorerUrl={explorer.address(multisig.executor.value)}
              testId="details-executor"
            />
          </Detail>
        )}
        {module && (
          <Detail label="Executed by module" testId="details-module">
            <Address
              address={module.value}
              name={module.name}
              copy
              explorerUrl={explorer.address(module.value)}
            />
          </Detail>
        )}
        {multisig?.fee !== null && multisig?.fee !== undefined && details.txHash && (
          <Detail label="Network fee" testId="details-fee">
            <TokenAmount
              value={multisig.fee}
              decimals={chain.nativeCurrency.decimals}
              symbol={chain.nativeCurrency.symbol}
            />
          </Detail>
        )}
        {multisig && nonZero(multisig.payment) && (
          <Detail label="Refund paid">
            <TokenAmount
              value={multisig.payment ?? '0'}
              decimals={multisig.gasTokenInfo?.decimals ?? chain.nativeCurrency.decimals}
              symbol={multisig.gasTokenInfo?.symbol ?? chain.nativeCurrency.symbol}
            />
          </Detail>
        )}
        {details.safeAppInfo && (
          <Detail label="Safe App">
            <bdi>{details.safeAppInfo.name}</bdi>
            <code className={styles.untrusted}>{details.safeAppInfo.url}</code>
          </Detail>
        )}
        {details.note && (
          <Detail label="Note" testId="details-note">
            <bdi className={styles.untrusted}>{details.note}</bdi>
          </Detail>
        )}
      </DetailList>
    </Section>
  );
}

export function AdvancedParameters({
  multisig,
  operation,
}: {
  multisig: MultisigExecutionDetails;
  operation: number;
}) {
  const value = (text: string, name: string) => <CopyableCode value={text} label={`Copy ${name}`} />;
  return (
    <details className={styles.disclosure} data-testid="advanced-parameters">
      <summary>
        <ChevronDownIcon className={styles.chevron} /> Advanced parameters
      </summary>
      <DetailList>
        <Detail label="Operation" testId="advanced-operation">
          {value(`${operation} (${operationLabel(operation)})`, 'operation')}
        </Detail>
        <Detail label="safeTxGas" testId="advanced-safeTxGas">
          {value(multisig.safeTxGas, 'safeTxGas')}
        </Detail>
        <Detail label="baseGas" testId="advanced-baseGas">
          {value(multisig.baseGas, 'baseGas')}
        </Detail>
        <Detail label="gasPrice" testId="advanced-gasPrice">
          {value(multisig.gasPrice, 'gasPrice')}
        </Detail>
        <Detail label="gasToken" testId="advanced-gasToken">
          {value(multisig.gasToken, 'gasToken')}
        </Detail>
        <Detail label="refundReceiver" testId="advanced-refundReceiver">
          {value(multisig.refundReceiver.value, 'refundReceiver')}
        </Detail>
        <Detail label="Nonce" testId="advanced-nonce">
          {value(String(multisig.nonce), 'nonce')}
        </Detail>
        <Detail label="safeTxHash" testId="advanced-safeTxHash">
          {value(multisig.safeTxHash, 'safeTxHash')}
        </Detail>
      </DetailList>
    </details>
  );
}
