// What each kind of transaction adds to its details page: transfers, creation, kinds this client does not know.
import type {
  AddressInfo,
  CreationTxInfo,
  TransferTxInfo,
  TxInfo,
  UnknownTxInfo,
} from '@countersign/gateway-api';
import { Address, Alert, Badge, ChevronDownIcon, Detail, DetailList, HexValue, TokenAmount } from '../../ui';
import { chainExplorer } from '../chains';
import { useSafe } from '../safe';
import { clip, readableKind, unknownMethodName } from './describe';
import { KnownAddress } from './DecodedCall';
import styles from './TransactionDetails.module.css';

/** What each kind of transaction adds: the two sides and the amount of a transfer, an unknown kind's own data. */
export function KindDetails({ txInfo }: { txInfo: TxInfo }) {
  switch (txInfo.type) {
    case 'Transfer':
      return <TransferDetails txInfo={txInfo} />;
    case 'Creation':
      return <CreationDetails txInfo={txInfo} />;
    case 'Unknown':
      return <UnknownDetails txInfo={txInfo} />;
    case 'SettingsChange':
    case 'Custom':
      return null;
  }
}

function TransferDetails({ txInfo }: { txInfo: TransferTxInfo }) {
  const { chain } = useSafe();
  const transfer = txInfo.transferInfo;
  const explorer = chainExplorer(chain);
  const party = (info: AddressInfo, testId: string) => (
    <Address
      address={info.value}
      name={info.name}
      copy
      explorerUrl={explorer.address(info.value)}
      testId={testId}
    />
  );
  return (
    <DetailList testId="transfer-details">
      <Detail label="Direction">
        {txInfo.direction === 'INCOMING'
          ? 'Incoming'
          : txInfo.direction === 'OUTGOING'
            ? 'Outgoing'
            : 'Unknown'}
      </Detail>
      <Detail label="From">{party(txInfo.sender, 'transfer-from')}</Detail>
      <Detail label="To">{party(txInfo.recipient, 'transfer-to')}</Detail>
      <Detail label="Amount" testId="transfer-amount">
        {transfer.type === 'NATIVE_COIN' ? (
          transfer.value === null ? (
            'Unknown'
          ) : (
            <TokenAmount
              value={transfer.value}
              decimals={chain.nativeCurrency.decimals}
              symbol={chain.nativeCurrency.symbol}
            />
          )
        ) : transfer.type === 'ERC20' ? (
          <TokenAmount
            value={transfer.value}
            decimals={transfer.decimals}
            symbol={clip(transfer.tokenSymbol ?? '', 32) || null}
          />
        ) : transfer.type === 'ERC721' ? (
          <span>#{transfer.tokenId}</span>
        ) : (
          readableKind(transfer.originalType)
        )}
      </Detail>
      {(transfer.type === 'ERC20' || transfer.type === 'ERC721') && (
        <Detail label="Token" testId="transfer-token">
          <bdi className={styles.tokenName} title={transfer.tokenName ?? undefined}>
            {clip(transfer.tokenName ?? transfer.tokenSymbol ?? 'Unnamed token', 120)}
          </bdi>
          <KnownAddress value={transfer.tokenAddress} names={null} />
          {transfer.type === 'ERC20' && transfer.imitation && (
            <Badge
              tone="danger"
              title="The gateway flags this transfer as a look-alike of an address you use"
            >
              Possible imitation
            </Badge>
          )}
          {transfer.trusted === false && <Badge tone="warn">Untrusted token</Badge>}
        </Detail>
      )}
    </DetailList>
  );
}

export function CreationDetails({ txInfo }: { txInfo: CreationTxInfo }) {
  const { chain } = useSafe();
  const explorer = chainExplorer(chain);
  const link = explorer.tx(txInfo.transactionHash);
  return (
    <DetailList testId="creation-details">
      <Detail label="Creator">
        <Address
          address={txInfo.creator.value}
          name={txInfo.creator.name}
          copy
          explorerUrl={explorer.address(txInfo.creator.value)}
        />
      </Detail>
      {txInfo.factory && (
        <Detail label="Factory">
          <Address
            address={txInfo.factory.value}
            name={txInfo.factory.name}
            copy
            explorerUrl={explorer.address(txInfo.factory.value)}
          />
        </Detail>
      )}
      {txInfo.implementation && (
        <Detail label="Implementation">
          <Address
            address={txInfo.implementation.value}
            name={txInfo.implementation.name}
            copy
            explorerUrl={explorer.address(txInfo.implementation.value)}
          />
        </Detail>
      )}
      {txInfo.saltNonce !== null && (
        <Detail label="Salt nonce">
          <code>{txInfo.saltNonce}</code>
        </Detail>
      )}
      <Detail label="Transaction hash">
        <HexValue value={txInfo.transactionHash} full label="transaction hash" />
        {link && (
          <a href={link} target="_blank" rel="noopener noreferrer">
            View on explorer
          </a>
        )}
      </Detail>
    </DetailList>
  );
}

function UnknownDetails({ txInfo }: { txInfo: UnknownTxInfo }) {
  const method = unknownMethodName(txInfo.raw);
  const raw = JSON.stringify(txInfo.raw, null, 2);
  return (
    <>
      <Alert
        tone="info"
        title={`A kind of transaction Countersign does not know: ${readableKind(txInfo.originalType)}`}
        testId="unknown-kind"
      >
        <p>
          The gateway calls it <code>{clip(txInfo.originalType, 80)}</code>. What it sent is shown below as it
          is; check the decoded call before you sign.
        </p>
      </Alert>
      <DetailList testId="unknown-details">
        {txInfo.humanDescription && (
          <Detail label="Gateway description">
            <bdi className={styles.untrusted}>{txInfo.humanDescription}</bdi>
          </Detail>
        )}
        {method && (
          <Detail label="Method">
            <code className={styles.untrusted}>{method}</code>
          </Detail>
        )}
      </DetailList>
      <details className={styles.disclosure}>
        <summary>
          <ChevronDownIcon className={styles.chevron} /> What the gateway sent
        </summary>
        <pre className={styles.raw} data-testid="unknown-raw">
          {raw.length > 20_000 ? `${raw.slice(0, 20_000)}…` : raw}
        </pre>
      </details>
    </>
  );
}
