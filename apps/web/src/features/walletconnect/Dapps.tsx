import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Button, Detail, DetailList, Dialog, EmptyState, Section, TextField } from '../../ui';
import { formatAge } from '../../ui/format';
import { useSafe } from '../safe';
import { isPairingUri, type DappConnector, type DappSession, type SessionProposal } from './connector';
import { setWalletConnectActive } from './activity';
import { verifyOutcome } from './verify';
import styles from './Dapps.module.css';

const accountOf = (chainId: string, address: string) => `eip155:${chainId}:${address}`.toLowerCase();
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * The Safe's dapps over WalletConnect: connect one by its `wc:` link (pasted, or `?wc=` in the page's
 * URL), and the dapps connected to this Safe. Their requests are DappRequests' (on every Safe page).
 */
export function Dapps({ connector }: { connector: DappConnector }) {
  const { chain, address } = useSafe();
  const account = accountOf(chain.chainId, address);
  // Bumped when the connector says its sessions changed: the list is read from it on render.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const [proposal, setProposal] = useState<SessionProposal | undefined>(undefined);
  const sessions = useMemo(
    () =>
      connector
        .sessions()
        .filter(
          (session) => sessionsVersion >= 0 && session.accounts.some((a) => a.toLowerCase() === account),
        ),
    [connector, account, sessionsVersion],
  );
  const refresh = useCallback(() => {
    setSessionsVersion((version) => version + 1);
    // With no session left anywhere, the Safe's pages stop loading WalletConnect until this page opens.
    setWalletConnectActive(connector.sessions().length > 0);
  }, [connector]);

  useEffect(() => {
    const offProposal = connector.on('proposal', setProposal);
    const offSessions = connector.on('sessions', refresh);
    return () => {
      offProposal();
      offSessions();
    };
  }, [connector, refresh]);

  return (
    <>
      <ConnectForm connector={connector} />
      {proposal !== undefined && (
        <ProposalDialog
          key={proposal.id}
          proposal={proposal}
          connector={connector}
          onDone={() => {
            setProposal(undefined);
            refresh();
          }}
        />
      )}
      <Section title="Connected dapps" testId="dapp-sessions">
        {sessions.length === 0 ? (
          <EmptyState title="No dapp is connected to this Safe" testId="no-dapp-sessions">
            Connect one above: its requests then come here for your review.
          </EmptyState>
        ) : (
          <ul className={styles.list}>
            {sessions.map((session) => (
              <SessionRow key={session.topic} session={session} connector={connector} onDone={refresh} />
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function ConnectForm({ connector }: { connector: DappConnector }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [uri, setUri] = useState(() => searchParams.get('wc') ?? '');
  const pair = useMutation({ mutationFn: (link: string) => connector.pair(link) });
  const { mutate, reset } = pair;
  const fromUrl = searchParams.get('wc');

  // The dapp answered: the spent link and the waiting note go, the proposal's dialog takes over.
  useEffect(
    () =>
      connector.on('proposal', () => {
        reset();
        setUri('');
      }),
    [connector, reset],
  );

  useEffect(() => {
    if (fromUrl === null) return;
    // The link is used once: a reload must not pair again with a spent link.
    setSearchParams(
      (params) => {
        params.delete('wc');
        return params;
      },
      { replace: true },
    );
    if (isPairingUri(fromUrl)) mutate(fromUrl);
  }, [fromUrl, mutate, setSearchParams]);

  const invalid = uri.trim() !== '' && !isPairingUri(uri);
  return (
    <Section title="Connect a dapp" testId="dapp-connect">
      <form
        className={styles.connect}
        onSubmit={(event) => {
          event.preventDefault();
          if (isPairingUri(uri)) pair.mutate(uri);
        }}
      >
        <TextField
          label="WalletConnect link"
          hint="In the dapp, choose WalletConnect, then copy its link (it starts with wc:)."
          error={invalid ? 'This is not a WalletConnect link: it starts with wc: and holds @2?' : undefined}
          value={uri}
          onChange={(event) => setUri(event.target.value)}
          placeholder="wc:…"
          mono
          testId="dapp-uri"
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            variant="primary"
            disabled={!isPairingUri(uri) || pair.isPending}
            data-testid="dapp-pair"
          >
            {pair.isPending ? 'Connecting…' : 'Connect'}
          </Button>
        </div>
        {pair.isSuccess && (
          <p className={styles.muted} role="status" data-testid="dapp-pair-waiting">
            Waiting for the dapp’s connection request…
          </p>
        )}
        {pair.error !== null && (
          <Alert tone="danger" role="alert" title="Not connected" testId="dapp-pair-error">
            {errorText(pair.error)}
          </Alert>
        )}
      </form>
    </Section>
  );
}

function ProposalDialog({
  proposal,
  connector,
  onDone,
}: {
  proposal: SessionProposal;
  connector: DappConnector;
  onDone: () => void;
}) {
  const { chain, address } = useSafe();
  const safeChain = `eip155:${chain.chainId}`;
  const verify = verifyOutcome(proposal.verifyContext, proposal.dapp.url);
  const missing = proposal.requiredChains.filter((required) => required !== safeChain);
  const offered = [...proposal.requiredChains, ...proposal.optionalChains].includes(safeChain);
  const blocked = verify.kind === 'threat' || missing.length > 0 || !offered;
  const approve = useMutation({
    mutationFn: () => connector.approve(proposal, { chainId: Number(chain.chainId), address }),
    onSuccess: onDone,
  });
  const reject = useMutation({ mutationFn: () => connector.reject(proposal), onSettled: onDone });
  const busy = approve.isPending || reject.isPending;
  return (
    <Dialog
      open
      size="md"
      title="Connect this Safe to a dapp?"
      onClose={() => reject.mutate()}
      testId="dapp-proposal"
      footer={
        <>
          <Button onClick={() => reject.mutate()} disabled={busy} data-testid="dapp-reject">
            Reject
          </Button>
          <Button
            variant="primary"
            onClick={() => approve.mutate()}
            disabled={blocked || busy}
            data-testid="dapp-approve"
          >
            {approve.isPending ? 'Connecting…' : 'Approve'}
          </Button>
        </>
      }
    >
      <div className={styles.proposal}>
        <Alert
          tone={
            verify.kind === 'valid'
              ? 'ok'
              : verify.kind === 'unknown'
                ? 'info'
                : verify.kind === 'mismatch'
                  ? 'warn'
                  : 'danger'
          }
          title={
            verify.kind === 'valid'
              ? 'Domain verified'
              : verify.kind === 'unknown'
                ? 'Domain not verified'
                : verify.kind === 'mismatch'
                  ? 'Domain mismatch'
                  : 'Known threat'
          }
          testId="dapp-verify"
        >
          {verify.text}
        </Alert>
        <DetailList>
          <Detail label="Dapp (as it names itself)">
            <span data-testid="dapp-name">{proposal.dapp.name}</span>
          </Detail>
          <Detail label="Its address">
            <span data-testid="dapp-url">{proposal.dapp.url || 'None given'}</span>
          </Detail>
          {proposal.dapp.icons[0] !== undefined && (
            <Detail label="Its icon (not loaded)">
              <span data-testid="dapp-icon">{proposal.dapp.icons[0]}</span>
            </Detail>
          )}
          <Detail label="Chains asked for">
            <span data-testid="dapp-chains">
              {[...proposal.requiredChains.map((c) => `${c} (required)`), ...proposal.optionalChains].join(
                ', ',
              ) || 'None'}
            </span>
          </Detail>
          <Detail label="Methods">
            <span data-testid="dapp-methods">{proposal.methods.join(', ') || 'None'}</span>
          </Detail>
          <Detail label="Events">{proposal.events.join(', ') || 'None'}</Detail>
          <Detail label="Account given">
            <span data-testid="dapp-account">
              This Safe on {chain.chainName} ({safeChain})
            </span>
          </Detail>
        </DetailList>
        {(missing.length > 0 || !offered) && (
          <Alert tone="danger" role="alert" title="Cannot connect" testId="dapp-chain-error">
            {missing.length > 0
              ? `The dapp requires ${missing.join(', ')}, where this Safe is not open here. Open the dapp on ${chain.chainName}.`
              : `The dapp does not ask for ${chain.chainName}, the chain of this Safe.`}
          </Alert>
        )}
        {approve.error !== null && (
          <Alert tone="danger" role="alert" title="Not connected" testId="dapp-approve-error">
            {errorText(approve.error)}
          </Alert>
        )}
      </div>
    </Dialog>
  );
}

function SessionRow({
  session,
  connector,
  onDone,
}: {
  session: DappSession;
  connector: DappConnector;
  onDone: () => void;
}) {
  const disconnect = useMutation({
    mutationFn: () => connector.disconnect(session.topic),
    onSettled: onDone,
  });
  return (
    <li className={styles.session} data-testid="dapp-session">
      <div className={styles.sessionText}>
        <strong data-testid="dapp-session-name">{session.dapp.name}</strong>
        <span className={styles.muted}>{session.dapp.url}</span>
        <span className={styles.muted}>
          {session.chains.join(', ')}
          {session.connectedAt !== undefined && ` · connected ${formatAge(new Date(session.connectedAt))}`}
        </span>
      </div>
      <Button
        onClick={() => disconnect.mutate()}
        disabled={disconnect.isPending}
        data-testid="dapp-disconnect"
      >
        Disconnect
      </Button>
    </li>
  );
}
