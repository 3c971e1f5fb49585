import type { ChainInfo, RpcUri } from '@countersign/gateway-api';
import { Address, Badge, CopyButton, Detail, DetailList, RemoteImage, Section } from '../../ui';
import { chainExplorer } from '../chains';
import { OwnerRpcSettings } from '../chain-trust';
import { useSafe } from '../safe';
import { describeFeatures } from './chainFeatures';
import { describeGasPrice, rpcAuthenticationTexts } from './networkFormat';
import styles from './Settings.module.css';

/** The chain's configuration as the gateway serves it (GET /v1/chains/{chainId}). */
export function NetworkSection() {
  const { chain } = useSafe();
  return (
    <div className={styles.section} data-testid="settings-network">
      <ChainDetails chain={chain} />
      <Section title="Native currency" id="network-currency">
        <DetailList>
          <Detail label="Name">
            <RemoteImage
              src={chain.nativeCurrency.logoUri}
              size={24}
              fallback={firstLetter(chain.nativeCurrency.symbol)}
              testId="network-currency-logo"
            />
            <span className={styles.text} data-testid="network-currency-name">
              {chain.nativeCurrency.name}
            </span>
          </Detail>
          <Detail label="Symbol" testId="network-currency-symbol">
            <span className={styles.text}>{chain.nativeCurrency.symbol}</span>
          </Detail>
          <Detail label="Decimals" testId="network-currency-decimals">
            {chain.nativeCurrency.decimals}
          </Detail>
        </DetailList>
      </Section>
      <RpcDetails chain={chain} />
      <Section title="Block explorer" id="network-explorer">
        <DetailList>
          <Detail label="Address link" testId="network-explorer-address">
            <Url value={chain.blockExplorerUriTemplate.address} label="address link template" />
          </Detail>
          <Detail label="Transaction link" testId="network-explorer-tx">
            <Url value={chain.blockExplorerUriTemplate.txHash} label="transaction link template" />
          </Detail>
          <Detail label="API" testId="network-explorer-api">
            <Url value={chain.blockExplorerUriTemplate.api} label="explorer API template" />
          </Detail>
        </DetailList>
      </Section>
      <GasPrices chain={chain} />
      <Features chain={chain} />
      <Section title="Safe services" id="network-safe">
        <DetailList>
          <Detail label="Recommended Safe version" testId="network-recommended-version">
            {chain.recommendedMasterCopyVersion ?? 'None'}
          </Detail>
          <Detail label="Transaction service" testId="network-transaction-service">
            <Url value={chain.transactionService} label="transaction service URL" />
          </Detail>
          <Detail label="ENS registry" testId="network-ens">
            {chain.ensRegistryAddress === null ? (
              'None'
            ) : (
              <Address
                address={chain.ensRegistryAddress}
                copy
                explorerUrl={chainExplorer(chain).address(chain.ensRegistryAddress)}
              />
            )}
          </Detail>
          <Detail label="Wallets turned off" testId="network-disabled-wallets">
            {chain.disabledWallets.length === 0 ? (
              'None'
            ) : (
              <span className={styles.text}>{chain.disabledWallets.join(', ')}</span>
            )}
          </Detail>
        </DetailList>
      </Section>
    </div>
  );
}

const firstLetter = (text: string) => Array.from(text.trim())[0]?.toUpperCase() ?? '?';

function ChainDetails({ chain }: { chain: ChainInfo }) {
  return (
    <Section title="Chain" id="network-chain">
      <DetailList>
        <Detail label="Name">
          <RemoteImage src={chain.chainLogoUri} size={24} fallback={firstLetter(chain.chainName)} />
          <span className={styles.text} data-testid="network-chain-name">
            {chain.chainName}
          </span>
        </Detail>
        <Detail label="Chain id" testId="network-chain-id">
          {chain.chainId}
        </Detail>
        <Detail label="Short name" testId="network-short-name">
          <code className={styles.text}>{chain.shortName}</code>
        </Detail>
        <Detail label="Description" testId="network-description">
          {chain.description.trim() === '' ? (
            <span className={styles.muted}>None</span>
          ) : (
            <span className={styles.text}>{chain.description}</span>
          )}
        </Detail>
        <Detail label="Layer 2" testId="network-l2">
          {chain.l2
            ? 'Yes: Safes here use the L2 contract, which logs every transaction as an event'
            : 'No: Safes here use the main contract'}
        </Detail>
        <Detail label="Testnet" testId="network-testnet">
          {chain.isTestnet ? 'Yes: its coins have no value' : 'No'}
        </Detail>
        {chain.zk !== undefined && (
          <Detail label="Zero-knowledge rollup" testId="network-zk">
            {chain.zk ? 'Yes' : 'No'}
          </Detail>
        )}
      </DetailList>
    </Section>
  );
}

function RpcDetails({ chain }: { chain: ChainInfo }) {
  return (
    <Section title="RPC" id="network-rpc">
      <OwnerRpcSettings chain={chain} />
      <p className={styles.hint}>What the gateway’s chain configuration names:</p>
      <DetailList>
        <Detail label="RPC" testId="network-rpc">
          <Rpc rpc={chain.rpcUri} label="RPC URL" />
        </Detail>
        <Detail label="Safe Apps RPC" testId="network-safe-apps-rpc">
          <Rpc rpc={chain.safeAppsRpcUri} label="Safe Apps RPC URL" />
        </Detail>
        <Detail label="Public RPC" testId="network-public-rpc">
          <Rpc rpc={chain.publicRpcUri} label="public RPC URL" />
        </Detail>
      </DetailList>
    </Section>
  );
}

function Rpc({ rpc, label }: { rpc: RpcUri; label: string }) {
  const auth = rpcAuthenticationTexts[rpc.authentication];
  return (
    <span className={styles.stack}>
      <Url value={rpc.value} label={label} />
      <span className={styles.inline}>
        <Badge
          tone={rpc.authentication === 'NO_AUTHENTICATION' ? 'neutral' : 'warn'}
          testId="rpc-authentication"
        >
          {rpc.authentication}
        </Badge>
        <span className={styles.hint}>
          {auth.label}. {auth.meaning}
        </span>
      </span>
    </span>
  );
}

/** A URL from the gateway, as text to read and copy (never a link: these are API endpoints and templates). */
function Url({ value, label }: { value: string; label: string }) {
  return (
    <span className={styles.inline}>
      <code className={styles.url}>{value}</code>
      <CopyButton value={value} label={`Copy ${label}`} />
    </span>
  );
}

function GasPrices({ chain }: { chain: ChainInfo }) {
  return (
    <Section title="Gas price" id="network-gas">
      {chain.gasPrice.length === 0 ? (
        <p className={styles.muted} data-testid="network-gas-price-none">
          None given: the wallet estimates the gas price.
        </p>
      ) : (
        <ul className={styles.list} data-testid="network-gas-prices">
          {chain.gasPrice.map((gasPrice, index) => {
            const row = describeGasPrice(gasPrice);
            return (
              <li key={index} className={styles.item} data-testid="network-gas-price">
                <span className={styles.stack}>
                  <span className={styles.inline}>
                    <Badge tone="accent">{gasPrice.type}</Badge>
                    <strong>{row.kind}</strong>
                  </span>
                  <dl className={styles.pairs}>
                    {row.values.map((value) => (
                      <div key={value.label}>
                        <dt>{value.label}</dt>
                        <dd className={styles.text}>{value.value}</dd>
                      </div>
                    ))}
                  </dl>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

function Features({ chain }: { chain: ChainInfo }) {
  const features = describeFeatures(chain.features);
  return (
    <Section title={`Features (${features.length})`} id="network-features">
      {features.length === 0 ? (
        <p className={styles.muted}>None</p>
      ) : (
        <ul className={styles.list} data-testid="network-features">
          {features.map((feature) => (
            <li
              key={feature.name}
              className={styles.item}
              data-testid="network-feature"
              data-feature={feature.name}
            >
              <span className={styles.stack}>
                <code className={styles.text}>{feature.name}</code>
                {feature.description !== null && <span className={styles.hint}>{feature.description}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
