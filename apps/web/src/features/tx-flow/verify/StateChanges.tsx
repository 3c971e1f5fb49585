import type { ReactNode } from 'react';
import { isAddressEqual, zeroAddress, type Address as AddressType } from 'viem';
import {
  canonicalFallbackHandlerName,
  canonicalSingletonName,
  knownContractName,
  safeChangeVerdicts,
  type ApprovalChange,
  type AssetRef,
  type BalanceChange,
  type SafeChange,
  type SafeChangeVerdict,
  type StateChanges as StateChangesResult,
  type StateChangesOutcome,
} from '@countersign/safe-core';
import { Address, Alert, FiatAmount, groupedExactAmount, TokenAmount } from '../../../ui';
import { LockOutCheck } from '../../nested-safes';
import { useChainSafeState, useOptionalSafe } from '../../safe';
import { fiatValueOf, type Prices } from './stateChangeTokens';
import type { CollectionFacts, TokenFacts } from './tokenFacts';
import styles from './StateChanges.module.css';

/** A reason the chain gave is the contract's text: kept to a readable length, rendered as text. */
const MAX_REASON = 200;
const clamp = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text);

type Native = { symbol: string; decimals: number };
type Tokens = ReadonlyMap<string, TokenFacts> | undefined;
type Collections = ReadonlyMap<string, CollectionFacts> | undefined;

/**
 * What the transaction changes, executed now on the chain's node as its executor would: balance
 * changes per account (the Safe first), approvals (unlimited ones warned about), every change to the
 * Safe itself as a danger, a revert with its reason, and in plain words what was not checked.
 */
export function StateChanges({
  query,
  native,
  safe,
  tokens,
  collections,
  prices,
}: {
  query: { data?: StateChangesOutcome; isPending: boolean; isError: boolean; error: unknown };
  native: Native;
  safe: AddressType;
  tokens?: Tokens;
  /** NFT collections by lower-case address: what their contracts (or the gateway) call them. */
  collections?: Collections;
  /** The gateway's prices, for fiat values of coin and token amounts (always said to be its). */
  prices?: Prices;
}) {
  if (query.isPending) {
    return (
      <p role="status" className={styles.note} data-testid="state-changes" data-state="running">
        Working out what this transaction changes…
      </p>
    );
  }
  const outcome: StateChangesOutcome = query.data ?? {
    status: 'unavailable',
    engine: 'eth_simulateV1',
    reason: `What this transaction changes was not checked: ${
      query.error instanceof Error ? query.error.message : 'the simulation did not run.'
    }`,
  };
  if (outcome.status === 'unavailable') {
    return (
      <div className={styles.changes} data-testid="state-changes" data-state="unavailable">
        <h3 className={styles.title}>What changes</h3>
        <p className={styles.unchecked} data-testid="state-unchecked">
          {clamp(outcome.reason)}
        </p>
      </div>
    );
  }
  const changes = outcome.changes;
  const nothing =
    !changes.reverted &&
    changes.balanceChanges.length === 0 &&
    changes.approvals.length === 0 &&
    changes.safeChanges.length === 0;
  return (
    <div
      className={styles.changes}
      data-testid="state-changes"
      data-state="done"
      data-engine={outcome.changes.engine}
    >
      <h3 className={styles.title}>What changes</h3>
      {changes.reverted && <Revert reverted={changes.reverted} />}
      {safeChangeVerdicts(changes.safeChanges).map((verdict, index) => {
        const change = changes.safeChanges[index];
        return change && <SafeChangeAlert key={index} change={change} verdict={verdict} />;
      })}
      <LockOutAfter changes={changes.safeChanges} />
      {changes.approvals.map((approval, index) => (
        <ApprovalLine key={index} approval={approval} safe={safe} tokens={tokens} collections={collections} />
      ))}
      {changes.balanceChanges.length > 0 && (
        <BalanceChanges
          changes={changes.balanceChanges}
          safe={safe}
          native={native}
          tokens={tokens}
          collections={collections}
          prices={prices}
        />
      )}
      {nothing && (
        <p className={styles.sentence} data-testid="state-nothing">
          This run changed no balance, approval or setting of the Safe.
        </p>
      )}
      {changes.unchecked.length > 0 && (
        <p className={styles.unchecked} data-testid="state-unchecked">
          Not checked: {changes.unchecked.join(' ')}
        </p>
      )}
      <p className={styles.note}>
        {outcome.changes.engine === 'browser-evm'
          ? 'Executed in your browser over this chain’s RPC (its node offers no simulation), as an owner would execute it now on the latest block'
          : 'Executed by this chain’s own node as an owner would execute it now, on the latest block'}{' '}
        ({outcome.changes.engine}), with the owners’ signatures taken as given and no fee charged: the gas the
        executor pays is not included. A contract can tell such a run from the real one (its block, time or
        gas price) and act otherwise when the transaction is executed.
      </p>
    </div>
  );
}

function Revert({ reverted }: { reverted: NonNullable<StateChangesResult['reverted']> }) {
  return (
    <Alert
      tone="danger"
      title={reverted.call === 'safe' ? 'The Safe would refuse it' : 'The transaction would fail'}
      role="alert"
      testId="state-revert"
    >
      {reverted.call === 'safe'
        ? 'Executed now, the Safe would refuse this transaction: '
        : 'Executed now, the call it makes would fail: '}
      <strong>{clamp(reverted.reason)}</strong>.
    </Alert>
  );
}

/** An address in full, with the user's name for it, or "this Safe". */
function Who({ address, safe }: { address: AddressType; safe?: AddressType }) {
  if (safe && isAddressEqual(address, safe)) return <strong>This Safe</strong>;
  return <Address address={address} full />;
}

/** An address with the name of the canonical contract it is, else "unknown contract". */
function Contract({ address, name }: { address: AddressType; name: string | null }) {
  return (
    <>
      <code>{address}</code> ({name ?? 'unknown contract'})
    </>
  );
}

const safeChangeTitles: Record<SafeChange['kind'], string> = {
  owners: 'The owners change',
  threshold: 'The threshold changes',
  modules: 'The modules change',
  implementation: 'The Safe’s code changes',
  guard: 'The guard changes',
  moduleGuard: 'The module guard changes',
  fallbackHandler: 'The fallback handler changes',
  storage: 'The Safe’s storage is written',
};

/**
 * A change to the Safe: a danger, except the halves of an upgrade to a newer canonical Safe
 * deployment (safeChangeVerdicts), which are expected and said so, naming the canonical contract.
 */
function SafeChangeAlert({ change, verdict }: { change: SafeChange; verdict: SafeChangeVerdict }) {
  if (verdict.tone === 'warn')
    return (
      <Alert
        tone="warn"
        title={`The Safe is upgraded to ${verdict.name}`}
        role="status"
        testId="state-safe-change"
      >
        <span data-kind={change.kind} data-expected={verdict.expected}>
          {safeChangeWords(change)} It is a canonical Safe deployment of a newer version, as an upgrade should
          be.
        </span>
      </Alert>
    );
  if (verdict.leavesL2)
    return (
      <Alert
        tone="danger"
        title="The Safe leaves the L2 singleton: indexers lose its history"
        role="alert"
        testId="state-safe-change"
      >
        <span data-kind={change.kind} data-leaves-l2="true">
          {safeChangeWords(change)} The new code emits no event describing each execution, so indexers that
          read only events (Safe&rsquo;s transaction service, most explorers and gateways) stop listing what
          this Safe does from then on. Keep the L2 singleton unless every tool the owners rely on reads plain
          Safes.
        </span>
      </Alert>
    );
  return (
    <Alert tone="danger" title={safeChangeTitles[change.kind]} role="alert" testId="state-safe-change">
      <span data-kind={change.kind}>{safeChangeWords(change)}</span>
    </Alert>
  );
}

function list(addresses: AddressType[]): ReactNode {
  return addresses.map((address, index) => (
    <span key={address}>
      {index > 0 && ', '}
      <code>{address}</code>
    </span>
  ));
}

function safeChangeWords(change: SafeChange): ReactNode {
  switch (change.kind) {
    case 'implementation':
      return (
        <>
          The Safe&apos;s implementation changes to{' '}
          <Contract address={change.after} name={canonicalSingletonName(change.after)} />, from{' '}
          <Contract address={change.before} name={canonicalSingletonName(change.before)} />. That code decides
          who can move the Safe&apos;s funds.
        </>
      );
    case 'guard':
      return isAddressEqual(change.after, zeroAddress) ? (
        <>
          The Safe&apos;s guard is removed (it was <code>{change.before}</code>).
        </>
      ) : (
        <>
          The Safe&apos;s guard changes to{' '}
          <Contract address={change.after} name={knownContractName(change.after)} />: a guard checks every
          transaction and can block them all.
        </>
      );
    case 'moduleGuard':
      return isAddressEqual(change.after, zeroAddress) ? (
        <>
          The Safe&apos;s module guard is removed (it was <code>{change.before}</code>): module transactions
          are no longer checked.
        </>
      ) : (
        <>
          The Safe&apos;s module guard changes to{' '}
          <Contract address={change.after} name={knownContractName(change.after)} />: it checks every
          transaction a module makes and can block them all, modules meant to recover the Safe included.
        </>
      );
    case 'fallbackHandler':
      return isAddressEqual(change.after, zeroAddress) ? (
        <>
          The Safe&apos;s fallback handler is removed (it was <code>{change.before}</code>): it no longer
          answers signature checks for dapps.
        </>
      ) : (
        <>
          The Safe&apos;s fallback handler changes to{' '}
          <Contract address={change.after} name={canonicalFallbackHandlerName(change.after)} />: it answers
          every call the Safe itself does not know, signature checks included.
        </>
      );
    case 'owners':
      return (
        <>
          The Safe&apos;s owners change
          {change.added.length > 0 && <>: adds {list(change.added)}</>}
          {change.removed.length > 0 && (
            <>
              {change.added.length > 0 ? '; removes ' : ': removes '}
              {list(change.removed)}
            </>
          )}
          {change.added.length === 0 && change.removed.length === 0 && ': their order changes'}. It will have{' '}
          {change.after.length} {change.after.length === 1 ? 'owner' : 'owners'}.
        </>
      );
    case 'threshold':
      return (
        <>
          The Safe&apos;s threshold changes from {change.before.toString()} to {change.after.toString()}:{' '}
          {change.after.toString()} {change.after === 1n ? 'confirmation' : 'confirmations'} will be enough to
          execute any transaction.
        </>
      );
    case 'modules':
      return (
        <>
          {change.added.length > 0 && (
            <>
              Enables {change.added.length === 1 ? 'module' : 'modules'} {list(change.added)}: a module can
              move the Safe&apos;s funds without the owners&apos; signatures.{' '}
            </>
          )}
          {change.removed.length > 0 && (
            <>
              Disables {change.removed.length === 1 ? 'module' : 'modules'} {list(change.removed)}.
            </>
          )}
        </>
      );
    case 'storage':
      return (
        <>
          The transaction writes to the Safe&apos;s storage at slot <code>{change.slot}</code>, from{' '}
          <code>{change.before}</code> to <code>{change.after}</code>. A Safe transaction never needs to; such
          a write can change who controls the Safe.
        </>
      );
  }
}

/** An amount of an ERC-20 in its symbol and decimals when its contract gave them, else in base units. */
function TokenUnits({ token, amount, tokens }: { token: AddressType; amount: bigint; tokens: Tokens }) {
  const facts = tokens?.get(token.toLowerCase());
  return facts ? (
    <>
      <TokenAmount value={amount} decimals={facts.decimals} symbol={facts.symbol} /> (<code>{token}</code>)
    </>
  ) : (
    <>
      {groupedExactAmount(amount, 0)} base units of token <code>{token}</code>
    </>
  );
}

/**
 * An NFT collection by what its contract calls itself (the gateway's name said to be the gateway's),
 * always with its address: a name is the contract's own claim, and anyone can copy it.
 */
function Collection({ address, collections }: { address: AddressType; collections: Collections }) {
  const facts = collections?.get(address.toLowerCase());
  if (!facts)
    return (
      <>
        collection <code>{address}</code>
      </>
    );
  const symbol = facts.symbol && facts.symbol !== facts.name ? ` (${facts.symbol})` : '';
  return (
    <>
      <strong data-testid="state-collection">
        {facts.name}
        {symbol}
      </strong>{' '}
      ({facts.source === 'gateway' ? 'as the gateway names it; ' : ''}
      <code>{address}</code>)
    </>
  );
}

function ApprovalLine({
  approval,
  safe,
  tokens,
  collections,
}: {
  approval: ApprovalChange;
  safe: AddressType;
  tokens: Tokens;
  collections: Collections;
}) {
  const words = approvalWords(approval, safe, tokens, collections);
  if (approval.unlimited) {
    return (
      <Alert
        tone="warn"
        title={
          approval.kind === 'approvalForAll' ? 'An operator for a whole collection' : 'An unlimited approval'
        }
        role="alert"
        testId="state-approval"
      >
        <span data-kind={approval.kind} data-unlimited="true">
          {words}
        </span>
      </Alert>
    );
  }
  return (
    <p
      className={styles.sentence}
      data-testid="state-approval"
      data-kind={approval.kind}
      data-unlimited="false"
    >
      {words}
    </p>
  );
}

function approvalWords(
  approval: ApprovalChange,
  safe: AddressType,
  tokens: Tokens,
  collections: Collections,
): ReactNode {
  const collection = <Collection address={approval.token} collections={collections} />;
  const owner = <Who address={approval.owner} safe={safe} />;
  const spender = <Who address={approval.spender} safe={safe} />;
  switch (approval.kind) {
    case 'erc20':
      return approval.amount === 0n ? (
        <>
          {owner} revokes the allowance of {spender} for token <code>{approval.token}</code>.
        </>
      ) : (
        <>
          {owner} allows {spender} to spend{' '}
          {approval.unlimited ? (
            <>
              an <strong>unlimited</strong> amount of {tokenName(approval.token, tokens)}: it can take all of
              it, now and later.
            </>
          ) : (
            <>
              up to <TokenUnits token={approval.token} amount={approval.amount} tokens={tokens} />.
            </>
          )}
        </>
      );
    case 'erc721':
      return isAddressEqual(approval.spender, zeroAddress) ? (
        <>
          {owner} clears the approval of NFT #{approval.tokenId.toString()} of {collection}.
        </>
      ) : (
        <>
          {owner} allows {spender} to transfer NFT #{approval.tokenId.toString()} of {collection}.
        </>
      );
    case 'approvalForAll':
      return approval.approved ? (
        <>
          {owner} makes {spender} an operator of all its tokens of {collection}: it can move every one of
          them, now and later.
        </>
      ) : (
        <>
          {owner} removes {spender} as an operator of {collection}.
        </>
      );
    case 'permit2':
      return (
        <>
          Through Permit2, {owner} allows {spender} to spend{' '}
          {approval.unlimited ? (
            <>
              an <strong>unlimited</strong> amount of {tokenName(approval.token, tokens)}
            </>
          ) : (
            <TokenUnits token={approval.token} amount={approval.amount} tokens={tokens} />
          )}
          {approval.expiration > 0n
            ? `, until ${new Date(Number(approval.expiration) * 1000).toISOString().slice(0, 10)}.`
            : '.'}
        </>
      );
  }
}

function tokenName(token: AddressType, tokens: Tokens): ReactNode {
  const facts = tokens?.get(token.toLowerCase());
  return facts ? (
    <>
      {facts.symbol} (<code>{token}</code>)
    </>
  ) : (
    <>
      token <code>{token}</code>
    </>
  );
}

function BalanceChanges({
  changes,
  safe,
  native,
  tokens,
  collections,
  prices,
}: {
  changes: BalanceChange[];
  safe: AddressType;
  native: Native;
  tokens: Tokens;
  collections: Collections;
  prices: Prices | undefined;
}) {
  const accounts: { account: AddressType; changes: BalanceChange[] }[] = [];
  for (const change of changes) {
    const entry = accounts.find((other) => isAddressEqual(other.account, change.account));
    if (entry) entry.changes.push(change);
    else accounts.push({ account: change.account, changes: [change] });
  }
  return (
    <ul className={styles.accounts} aria-label="Balance changes">
      {accounts.map(({ account, changes: own }) => (
        <li key={account} className={styles.account}>
          <Who address={account} safe={safe} />
          <ul className={styles.assets}>
            {own.map((change, index) => (
              <li key={index} data-testid="state-balance-change" data-kind={change.asset.kind}>
                <span className={change.delta > 0n ? styles.gain : styles.loss}>
                  {change.delta > 0n ? '+' : '−'}
                </span>
                <AssetAmount
                  asset={change.asset}
                  amount={change.delta < 0n ? -change.delta : change.delta}
                  native={native}
                  tokens={tokens}
                  collections={collections}
                  prices={prices}
                />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** A fiat value at the gateway's price, said to be the gateway's; nothing where no price is known. */
function Fiat({ value, prices }: { value: number | undefined; prices: Prices | undefined }) {
  if (value === undefined || prices === undefined) return null;
  return (
    <span data-testid="state-fiat">
      {' '}
      (≈ <FiatAmount value={value} currency={prices.currency} /> at the gateway’s price)
    </span>
  );
}

function AssetAmount({
  asset,
  amount,
  native,
  tokens,
  collections,
  prices,
}: {
  asset: AssetRef;
  amount: bigint;
  native: Native;
  tokens: Tokens;
  collections: Collections;
  prices: Prices | undefined;
}) {
  switch (asset.kind) {
    case 'native':
      return (
        <>
          <TokenAmount value={amount} decimals={native.decimals} symbol={native.symbol} />
          <Fiat value={fiatValueOf(asset, amount, native.decimals, prices)} prices={prices} />
        </>
      );
    case 'erc20':
      return (
        <>
          <TokenUnits token={asset.address} amount={amount} tokens={tokens} />
          <Fiat
            value={fiatValueOf(asset, amount, tokens?.get(asset.address.toLowerCase())?.decimals, prices)}
            prices={prices}
          />
        </>
      );
    case 'erc721':
      return (
        <>
          NFT #{asset.tokenId.toString()} of <Collection address={asset.address} collections={collections} />
        </>
      );
    case 'erc1155':
      return (
        <>
          {groupedExactAmount(amount, 0)} of token #{asset.tokenId.toString()} of{' '}
          <Collection address={asset.address} collections={collections} /> (ERC-1155)
        </>
      );
  }
}

/**
 * A change of owners or threshold, checked for what it leaves: owners that can still reach the
 * threshold (see LockOutCheck). What the run did not change is as the Safe's contract has it now.
 */
function LockOutAfter({ changes }: { changes: readonly SafeChange[] }) {
  // Only on a Safe's page: the check reads that Safe's owners from its chain.
  const page = useOptionalSafe();
  const owners = changes.find((change) => change.kind === 'owners');
  const threshold = changes.find((change) => change.kind === 'threshold');
  if ((!owners && !threshold) || !page) return null;
  return <LockOutOfPageSafe owners={owners} threshold={threshold} />;
}

function LockOutOfPageSafe({
  owners,
  threshold,
}: {
  owners: Extract<SafeChange, { kind: 'owners' }> | undefined;
  threshold: Extract<SafeChange, { kind: 'threshold' }> | undefined;
}) {
  const { state } = useChainSafeState();
  const ownersAfter = owners?.after ?? state?.owners;
  const thresholdAfter = threshold ? Number(threshold.after) : state?.threshold;
  if (!ownersAfter || thresholdAfter === undefined) return null;
  return <LockOutCheck owners={ownersAfter} threshold={thresholdAfter} />;
}
