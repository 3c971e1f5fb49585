import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Hex } from 'viem';
import { Alert, Button, Detail, DetailList, Dialog, EmptyState, Loading, Section, TextField } from '../../ui';
import { formatAge } from '../../ui/format';
import { rpcRequest, rpcUrlOf } from '../chains';
import { useSafe } from '../safe';
import type { MessageContent } from '../messages';
import { TxReview, type TxDraft } from '../tx-flow';
import {
  isPairingUri,
  type DappConnector,
  type DappSession,
  type SessionProposal,
  type SessionRequest,
} from './connector';
import { DappMessagePrompt } from './DappMessagePrompt';
import { mapDappRequest, userRejected } from './requests';
import { verifyOutcome } from './verify';
import styles from './Dapps.module.css';

type Prompt = { request: SessionRequest; dapp: DappSession } & (
  { kind: 'transaction'; draft: TxDraft; method: string } | { kind: 'message'; content: MessageContent }
);

const accountOf = (chainId: string, address: string) => `eip155:${chainId}:${address}`.toLowerCase();
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * The Safe's dapps over WalletConnect: connect one by its `wc:` link (pasted, or `?wc=` in the page's
 * URL), the dapps connected to this Safe, and their requests: transactions go through the one review,
 * chain reads through Safe Apps' allowlist, anything else is refused with the protocol's error.
 */
export function Dapps({ connector }: { connector: DappConnector }) {
  const { chain, address } = useSafe();
  const account = accountOf(chain.chainId, address);
  // Bumped when the connector says its sessions changed: the list is read from it on render.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const [proposal, setProposal] = useState<SessionProposal | undefined>(undefined);
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  const handled = useRef(new Set<number>());

  const sessions = useMemo(
    () =>
      connector
        .sessions()
        .filter(
          (session) => sessionsVersion >= 0 && session.accounts.some((a) => a.toLowerCase() === account),
        ),
    [connector, account, sessionsVersion],
  );
  const refresh = useCallback(() => setSessionsVersion((version) => version + 1), []);

  const handle = useCallback(
    (request: SessionRequest) => {
      const session = connector.sessions().find((candidate) => candidate.topic === request.topic);
      // A request of another Safe's session waits for that Safe's page.
      if (!session?.accounts.some((a) => a.toLowerCase() === account)) return;
      if (handled.current.has(request.id)) return;
      handled.current.add(request.id);
      const mapped = mapDappRequest(
        { method: request.method, params: request.params, chainId: request.chainId },
        {
          safe: address,
          chainId: Number(chain.chainId),
          dapp: { name: session.dapp.name, url: session.dapp.url },
        },
      );
      const respond = (answer: Parameters<DappConnector['respond']>[1]) =>
        connector.respond(request, answer).catch(() => undefined);
      switch (mapped.kind) {
        case 'answer':
          void respond({ result: mapped.result });
          return;
        case 'error':
          void respond({ error: mapped.error });
          return;
        case 'read':
          void rpcRequest(rpcUrlOf(chain), mapped.method, mapped.params).then(
            (result) => respond({ result }),
            (error: unknown) => respond({ error: { code: -32603, message: errorText(error) } }),
          );
          return;
        case 'message':
          setPrompts((current) => [
            ...current,
            { kind: 'message', request, dapp: session, content: mapped.content },
          ]);
          return;
        case 'transaction':
          setPrompts((current) => [
            ...current,
            { kind: 'transaction', request, dapp: session, draft: mapped.draft, method: mapped.method },
          ]);
      }
    },
    [connector, account, address, chain],
  );

  useEffect(() => {
    let live = true;
    // Requests that arrived while no page listened (or before a reload), once this render is done.
    queueMicrotask(() => {
      if (live) for (const request of connector.pendingRequests()) handle(request);
    });
    const offProposal = connector.on('proposal', setProposal);
    const offRequest = connector.on('request', handle);
    const offSessions = connector.on('sessions', refresh);
    return () => {
      live = false;
      offProposal();
      offRequest();
      offSessions();
    };
  }, [connector, refresh, handle]);

  const answerPrompt = (prompt: Prompt, answer: Parameters<DappConnector['respond']>[1]) => {
    setPrompts((current) => current.filter((entry) => entry !== prompt));
    void connector.respond(prompt.request, answer).catch(() => undefined);
  };
  const prompt = prompts[0];
  const waiting = prompts.length > 1 ? ` (${prompts.length - 1} more waiting)` : '';

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
      {prompt?.kind === 'message' && (
        <DappMessagePrompt
          key={prompt.request.id}
          dapp={prompt.dapp.dapp}
          content={prompt.content}
          more={waiting}
          onSigned={(signature) => answerPrompt(prompt, { result: signature })}
          onReject={() => answerPrompt(prompt, { error: userRejected })}
        />
      )}
      {prompt?.kind === 'transaction' && (
        <Dialog
          key={prompt.request.id}
          open
          size="lg"
          title={`${prompt.draft.title}${waiting}`}
          onClose={() => answerPrompt(prompt, { error: userRejected })}
          testId="dapp-tx-dialog"
        >
          <Suspense fallback={<Loading label="Loading the review" />}>
            <TxReview
              draft={prompt.draft}
              onBack={() => answerPrompt(prompt, { error: userRejected })}
              onDone={(result: { safeTxHash: Hex }) =>
                answerPrompt(prompt, {
                  // What Safe{Wallet} answers: the transaction's safeTxHash (EIP-5792: as the calls' id).
                  result:
                    prompt.method === 'wallet_sendCalls' ? { id: result.safeTxHash } : result.safeTxHash,
                })
              }
              inDialog
            />
          </Suspense>
        </Dialog>
      )}
    </>
  );
}

function ConnectForm({ connector }: { connector: DappConnector }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [uri, setUri] = useState(() => searchParams.get('wc') ?? '');
  const pair = useMutation({ mutationFn: (link: string) => connector.pair(link) });
  const { mutate } = pair;
  const fromUrl = searchParams.get('wc');

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
