import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChainInfo, TypedData } from '@countersign/gateway-api';
import type { Address as AddressType } from 'viem';
import { Address, Alert, DateTime, Detail, DetailList, TokenAmount } from '../../../ui';
import { chainExplorer } from '../../chains';
import { tokenFactsQueryOptions } from '../../tx-flow';
import { grantRisks, tokenGrant, type GrantedAsset, type GrantRisk, type TokenGrant } from './tokenGrants';
import styles from './TokenGrantAlert.module.css';

const riskWords: Record<GrantRisk, string> = {
  unlimited: 'The amount is unlimited: every such token the Safe holds, now or later.',
  'never-expires': 'It never expires.',
  'long-lived': 'It stays usable for more than 30 days.',
  'nothing-in-return': 'The Safe gets nothing back for it.',
};

function headline(grant: TokenGrant, spender: string): string {
  switch (grant.kind) {
    case 'Seaport order':
      return 'Signing puts the Safe’s tokens up for sale: whoever fills the order takes them';
    case 'Permit2 transfer':
    case 'Permit2 transfer with witness':
      return `Signing lets ${spender} take the Safe’s tokens once, with no transaction of the Safe`;
    default:
      return `Signing lets ${spender} spend the Safe’s tokens, with no transaction of the Safe`;
  }
}

/**
 * What a signature that hands over tokens grants, in words, above the typed data: who may take what,
 * how much, until when, and a danger alert for unlimited, long-lived or one-sided grants. Token units
 * come from the token contracts (not the gateway); a token that does not answer stays in base units.
 */
export function TokenGrantAlert({
  typedData,
  chain,
  safeAddress,
}: {
  typedData: TypedData;
  chain: ChainInfo;
  safeAddress: string;
}) {
  const grant = tokenGrant(typedData);
  const erc20s = [...(grant?.assets ?? []), ...(grant?.inReturn ?? [])]
    // Only amounts to word need the token's units: "Unlimited" needs none.
    .filter((asset) => asset.standard === 'ERC20')
    .map((asset) => asset.token)
    .sort();
  const facts = useQuery({
    ...tokenFactsQueryOptions(chain, safeAddress as AddressType, [...new Set(erc20s)]),
    enabled: erc20s.length > 0,
  });
  // Judged as of when the view opened: a grant does not turn long-lived while it is read.
  const [openedAt] = useState(() => BigInt(Math.floor(Date.now() / 1000)));
  if (!grant) return null;
  const risks = grantRisks(grant, openedAt);
  const explorer = chainExplorer(chain);
  const spenderName = grant.spender === 'anyone' ? 'anyone' : 'the spender below';
  const asset = (item: GrantedAsset, index: number) => {
    const fact = facts.data?.get(item.token.toLowerCase());
    return (
      <li key={index} data-testid="grant-asset">
        {item.standard === 'native' ? (
          item.amount === 'unlimited' ? (
            <>
              <strong>Unlimited</strong> {chain.nativeCurrency.symbol}
            </>
          ) : (
            <TokenAmount
              value={item.amount}
              decimals={chain.nativeCurrency.decimals}
              symbol={chain.nativeCurrency.symbol}
            />
          )
        ) : item.standard === 'ERC20' ? (
          <>
            {item.amount === 'unlimited' ? (
              <>
                <strong>Unlimited</strong> {fact ? fact.symbol : 'amount'}
              </>
            ) : (
              <>
                <TokenAmount value={item.amount} decimals={fact?.decimals ?? 0} symbol={fact?.symbol} />
                {!fact && ' base units'}
              </>
            )}{' '}
            of <Address address={item.token} explorerUrl={explorer.address(item.token)} />
          </>
        ) : (
          <>
            {item.tokenId === 'any' ? (
              <strong>Any token</strong>
            ) : (
              <>
                Token <code>#{String(item.tokenId)}</code>
              </>
            )}{' '}
            of the {item.standard} collection{' '}
            <Address address={item.token} explorerUrl={explorer.address(item.token)} />
          </>
        )}
      </li>
    );
  };
  return (
    <Alert
      tone={risks.length > 0 ? 'danger' : 'warn'}
      title={headline(grant, spenderName)}
      testId="token-grant"
    >
      <DetailList testId="token-grant-details">
        <Detail label="Kind" testId="grant-kind">
          {grant.kind}
          {grant.contract && ` (${grant.contract})`}
        </Detail>
        <Detail label="Who may take" testId="grant-spender">
          {grant.spender === 'anyone' ? (
            'Anyone who fills the order'
          ) : (
            <Address address={grant.spender} copy explorerUrl={explorer.address(grant.spender)} />
          )}
        </Detail>
        <Detail label="What" testId="grant-assets">
          <ul className={styles.assets}>{grant.assets.map(asset)}</ul>
        </Detail>
        {grant.inReturn && (
          <Detail label="Back to the Safe" testId="grant-in-return">
            {grant.inReturn.length === 0 ? (
              <strong>Nothing</strong>
            ) : (
              <ul className={styles.assets}>{grant.inReturn.map(asset)}</ul>
            )}
          </Detail>
        )}
        <Detail label="Until" testId="grant-until">
          {grant.until === null ? (
            <strong>Never expires</strong>
          ) : (
            <DateTime value={Number(grant.until) * 1000} />
          )}
        </Detail>
      </DetailList>
      {risks.length > 0 && (
        <ul className={styles.risks} data-testid="grant-risks">
          {risks.map((risk) => (
            <li key={risk}>{riskWords[risk]}</li>
          ))}
        </ul>
      )}
      <p className={styles.note}>
        Once the Safe’s owners have signed, the Safe’s signature is valid on chain (EIP-1271): the tokens can
        move without any transaction of the Safe. Sign only if you meant to grant this to this spender.
      </p>
    </Alert>
  );
}
