import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Hex } from 'viem';
import { useQueryClient } from '@tanstack/react-query';
import type { ChainInfo } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { Alert, Button, ButtonLink, Dialog, Loading } from '../../ui';
import { rpcRequest, rpcUrlOf, useChains } from '../chains';
import type { MessageContent } from '../messages';
import { chainSafeStateQueryOptions, safeHomePath, useSafe } from '../safe';
import { QueuedNotice, TxReview, type ReviewOutcome, type TxDraft } from '../tx-flow';
import {
  requestChainIdOf,
  sessionChainIdsOf,
  type DappConnector,
  type DappSession,
  type SessionRequest,
} from './connector';
import { readCallsStatus, safeAcceptsSignature } from './chainAnswers';
import { DappMessageDialog } from './DappMessageDialog';
import { onChainSignatureDraft } from './onChainSignature';
import { watchUntilAccepted } from './onChainSignatureWatch';
import { mapDappRequest, userRejected, type RpcError } from './requests';
import { setWaitingDappRequests } from './waitingRequests';
import { useConnector } from './useConnector';
import { verifyOutcome } from './verify';
import { VerifyVerdict } from './VerifyVerdict';
import { accountThere, differentAccount } from './sameAccount';

type Prompt = { request: SessionRequest; dapp: DappSession } & (
  | { kind: 'transaction'; draft: TxDraft; method: string }
  | { kind: 'message'; content: MessageContent; signedHash: Hex }
  /** A message the owner chose to sign on chain: its SignMessageLib transaction, in the review. */
  | { kind: 'onChainMessage'; draft: TxDraft; signedHash: Hex }
  /** A transaction or message for the same Safe on another chain of the session: reviewed on its pages. */
  | { kind: 'elsewhere'; chain: ChainInfo; asks: 'transaction' | 'message' }
  /** A switch to a chain not in the session, where the same account is: added only if the owner agrees. */
  | { kind: 'switch'; chain: ChainInfo; signers: { owners: number; threshold: number } }
);

/**
 * Answered to the dapp for a message signed on chain (as Safe{Wallet} does): the empty signature,
 * which the Safe's isValidSignature accepts for the hash once SignMessageLib has marked it.
 */
const onChainSignature = '0x';

/** Other owners' signatures come in minutes: the gateway is asked every 4 s, then less often. */
const messageWatchTiming = { firstMs: 4_000, factor: 1.25, maxMs: 15_000 };

/** Answered to the dapp when the Safe's isValidSignature does not accept the owners' signature. */
const signatureNotAccepted: RpcError = { code: -32603, message: 'The Safe did not accept the signature.' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** On every page of a Safe while WalletConnect is in use: its dapps' requests, answered there. */
export function DappRequestsHost() {
  const start = useConnector();
  const { chain, address } = useSafe();
  // Anew for each Safe and chain: another chain's pages pick up the requests left for them.
  return start.status === 'ready' ? (
    <DappRequests key={`${chain.chainId}:${address}`} connector={start.connector} />
  ) : null;
}

/**
 * The requests of the dapps connected to the Safe on screen: transactions go through the one review,
 * messages through the Safe message flow or, at the owner's choice, on chain through SignMessageLib
 * (one dialog at a time, the others waiting), chain reads
 * through Safe Apps' allowlist, anything else is answered with the protocol's error at once. A
 * request of another Safe's session waits for that Safe's pages; a transaction or message for this
 * Safe on another chain of its session is pointed to that chain's pages, where it is reviewed.
 */
export function DappRequests({ connector }: { connector: DappConnector }) {
  const { chain, address, safe } = useSafe();
  const chains = useChains().data;
  const gateway = useGateway();
  const queryClient = useQueryClient();
  /** What the target chain's own RPC answers at this Safe's address, compared with this Safe. */
  const accountOn = useCallback(
    async (target: ChainInfo) => {
      const read = (on: ChainInfo) => queryClient.fetchQuery(chainSafeStateQueryOptions(on, address));
      const [own, there] = await Promise.all([read(chain), read(target).catch(() => undefined)]);
      return { there: accountThere(own, there), signers: there };
    },
    [queryClient, address, chain],
  );
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  /** A signature the Safe did not accept, shown to the owner (the dapp got an error instead). */
  const [refused, setRefused] = useState<{ dapp: string } | undefined>();
  /** A dapp's transaction just proposed (or executed): where it waits, told once its dialog closed. */
  const [queued, setQueued] = useState<{ dapp: string; outcome: ReviewOutcome } | undefined>();
  const handled = useRef(new Set<number>());
  const answered = useRef(new Set<number>());
  /** The on-chain signatures watched until their transaction is executed: request id → stop. */
  const watches = useRef(new Map<number, () => void>());
  // In memory only: the watches end with the Safe's pages (the dapp's request stays pending then).
  useEffect(() => {
    const current = watches.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
    };
  }, []);

  /** The dapp is answered and told of the chain it is on now. */
  const switchTo = useCallback(
    (request: SessionRequest, target: number) =>
      connector
        .respond(request, { result: null })
        .then(() => connector.emit(request.topic, target, { name: 'chainChanged', data: target }))
        .catch(() => undefined),
    [connector],
  );
  /** The owner agreed: the chain joins the session, and the dapp moves there. */
  const addChainAndSwitch = (prompt: Extract<Prompt, { kind: 'switch' }>) => {
    setPrompts((current) => current.filter((entry) => entry !== prompt));
    const { request } = prompt;
    if (answered.current.has(request.id)) return;
    answered.current.add(request.id);
    const target = Number(prompt.chain.chainId);
    void connector
      .addChain(request.topic, { chainId: target, address })
      .then(async () => {
        await switchTo(request, target);
        await connector.emit(request.topic, target, { name: 'accountsChanged', data: [address] });
      })
      .catch((error: unknown) =>
        connector
          .respond(request, { error: { code: -32603, message: errorText(error) } })
          .catch(() => undefined),
      );
  };

  const handle = useCallback(
    (request: SessionRequest) => {
      const session = connector.sessions().find((candidate) => candidate.topic === request.topic);
      const sessionChainIds = session ? sessionChainIdsOf(session, address) : [];
      if (!session || sessionChainIds.length === 0) return;
      if (handled.current.has(request.id)) return;
      // The request's chain, when the session holds this Safe there and Countersign serves it; else
      // this page's, which refuses a request for any other chain (4901).
      const requested = requestChainIdOf(request.chainId);
      const servedOn = (chainId: number) =>
        Number(chain.chainId) === chainId
          ? chain
          : chains?.find((candidate) => Number(candidate.chainId) === chainId);
      const on =
        (requested !== undefined && sessionChainIds.includes(requested) && servedOn(requested)) || chain;
      const otherChains = sessionChainIds.flatMap((chainId) => {
        const other = chainId === Number(on.chainId) ? undefined : servedOn(chainId);
        return other ? [{ chainId, chainName: other.chainName }] : [];
      });
      handled.current.add(request.id);
      const respond = (answer: Parameters<DappConnector['respond']>[1]) =>
        connector.respond(request, answer).catch(() => undefined);
      // A request Verify flags as a known threat is refused before anything else (as its proposal is).
      if (verifyOutcome(request.verifyContext, session.dapp.url).kind === 'threat') {
        void respond({ error: userRejected });
        return;
      }
      const mapped = mapDappRequest(
        { method: request.method, params: request.params, chainId: request.chainId },
        {
          safe: address,
          chainId: Number(on.chainId),
          dapp: { name: session.dapp.name, url: session.dapp.url },
          chainName: on.chainName,
          otherChains,
        },
      );
      if ((mapped.kind === 'transaction' || mapped.kind === 'message') && on !== chain) {
        setPrompts((current) => [
          ...current,
          { kind: 'elsewhere', request, dapp: session, chain: on, asks: mapped.kind },
        ]);
        return;
      }
      switch (mapped.kind) {
        case 'answer':
          void respond({ result: mapped.result });
          return;
        case 'error':
          void respond({ error: mapped.error });
          return;
        case 'switch': {
          const { chainId: target, refusal } = mapped;
          if (refusal === undefined) {
            void switchTo(request, target);
            return;
          }
          // Not in the session: offered to the owner only where Countersign serves the chain and
          // that chain's own RPC answers the same account at this address (owners and threshold).
          const targetChain = servedOn(target);
          if (!targetChain) {
            void respond({ error: refusal });
            return;
          }
          void accountOn(targetChain)
            .then(({ there, signers }) => {
              if (there !== 'same' || !signers) {
                return respond({
                  error:
                    there === 'different'
                      ? { code: 4902, message: differentAccount(address, targetChain.chainName) }
                      : refusal,
                });
              }
              setPrompts((current) => [
                ...current,
                {
                  kind: 'switch',
                  request,
                  dapp: session,
                  chain: targetChain,
                  signers: { owners: signers.owners.length, threshold: signers.threshold },
                },
              ]);
            })
            .catch((error: unknown) => respond({ error: { code: -32603, message: errorText(error) } }));
          return;
        }
        case 'read':
          void rpcRequest(rpcUrlOf(on), mapped.method, mapped.params).then(
            (result) => respond({ result }),
            (error: unknown) => respond({ error: { code: -32603, message: errorText(error) } }),
          );
          return;
        case 'callsStatus':
          void readCallsStatus({
            gateway,
            rpcUrl: rpcUrlOf(on),
            chainId: Number(on.chainId),
            safe: address,
            id: mapped.id,
          }).then((answer) => respond('status' in answer ? { result: answer.status } : answer));
          return;
        case 'message':
          setPrompts((current) => [
            ...current,
            {
              kind: 'message',
              request,
              dapp: session,
              content: mapped.content,
              signedHash: mapped.signedHash,
            },
          ]);
          return;
        case 'transaction':
          setPrompts((current) => [
            ...current,
            { kind: 'transaction', request, dapp: session, draft: mapped.draft, method: mapped.method },
          ]);
      }
    },
    [connector, address, chain, chains, gateway, accountOn, switchTo],
  );

  useEffect(() => {
    let live = true;
    // Requests that arrived while no page listened (or before a reload), once this render is done.
    queueMicrotask(() => {
      if (live) for (const request of connector.pendingRequests()) handle(request);
    });
    const off = connector.on('request', handle);
    return () => {
      live = false;
      off();
    };
  }, [connector, handle]);

  // A new request takes the place of the note on the last one: what the owner must answer comes first.
  const promptCount = useRef(0);
  useEffect(() => {
    if (prompts.length > promptCount.current) setQueued(undefined);
    promptCount.current = prompts.length;
  }, [prompts.length]);

  // The navigation's badge: what waits for the owner here, nothing once this Safe's pages are left.
  useEffect(() => setWaitingDappRequests(prompts.length), [prompts.length]);
  useEffect(() => () => setWaitingDappRequests(0), []);

  const answerPrompt = (prompt: Prompt, answer: Parameters<DappConnector['respond']>[1]) => {
    setPrompts((current) => current.filter((entry) => entry !== prompt));
    if (answered.current.has(prompt.request.id)) return;
    answered.current.add(prompt.request.id);
    void connector.respond(prompt.request, answer).catch(() => undefined);
  };
  /**
   * The Safe's signature goes to the dapp only once the Safe itself accepts it on chain (its
   * isValidSignature, for the hash the dapp will check); otherwise the dapp gets an error and the
   * owner is told. The dialog may report the signature more than once while it polls: one answer.
   */
  const answerSignature = (prompt: Extract<Prompt, { kind: 'message' }>, signature: string) => {
    if (answered.current.has(prompt.request.id)) return;
    answered.current.add(prompt.request.id);
    setPrompts((current) => current.filter((entry) => entry !== prompt));
    void safeAcceptsSignature({ rpcUrl: rpcUrlOf(chain), safe: address, hash: prompt.signedHash, signature })
      .catch(() => false)
      .then((accepted) => {
        if (!accepted) setRefused({ dapp: prompt.dapp.dapp.name });
        return connector.respond(
          prompt.request,
          accepted ? { result: signature } : { error: signatureNotAccepted },
        );
      })
      .catch(() => undefined);
  };
  /**
   * The owner signed and closed the dialog before the other owners had: the request stays, and the
   * gateway is asked until the message holds the Safe's signature, whoever added the last one
   * (another owner, in another browser). The dapp then gets it, once the Safe accepts it, while its
   * session lasts and this Safe's pages are open here.
   */
  const keepWaiting = (prompt: Extract<Prompt, { kind: 'message' }>, messageHash: string) => {
    setPrompts((current) => current.filter((entry) => entry !== prompt));
    const { request } = prompt;
    if (answered.current.has(request.id) || watches.current.has(request.id)) return;
    let signature: string | undefined;
    const stop = watchUntilAccepted({
      check: async () => {
        const message = await gateway.getMessage({ chainId: chain.chainId, messageHash });
        signature = message.preparedSignature ?? undefined;
        return signature !== undefined;
      },
      stillWanted: () => connector.sessions().some((session) => session.topic === request.topic),
      onAccepted: () => {
        watches.current.delete(request.id);
        if (signature !== undefined) answerSignature(prompt, signature);
      },
      timing: messageWatchTiming,
    });
    watches.current.set(request.id, stop);
  };
  /** The owner chose on chain: the message's prompt becomes its transaction's review, in its place. */
  const signOnChain = (prompt: Extract<Prompt, { kind: 'message' }>) => {
    const next: Prompt = {
      kind: 'onChainMessage',
      request: prompt.request,
      dapp: prompt.dapp,
      signedHash: prompt.signedHash,
      draft: onChainSignatureDraft({
        dapp: { name: prompt.dapp.dapp.name, url: prompt.dapp.dapp.url },
        content: prompt.content,
        signedHash: prompt.signedHash,
      }),
    };
    setPrompts((current) => current.map((entry) => (entry === prompt ? next : entry)));
  };
  /**
   * The transaction is proposed (or executed): the dapp is answered once the Safe accepts the empty
   * signature for its hash, i.e. once the transaction is executed, while the session lasts.
   */
  const watchOnChainSignature = (prompt: Extract<Prompt, { kind: 'onChainMessage' }>) => {
    setPrompts((current) => current.filter((entry) => entry !== prompt));
    const { request } = prompt;
    if (answered.current.has(request.id) || watches.current.has(request.id)) return;
    const target = { rpcUrl: rpcUrlOf(chain), safe: address, hash: prompt.signedHash };
    const stop = watchUntilAccepted({
      check: () => safeAcceptsSignature({ ...target, signature: onChainSignature }),
      stillWanted: () => connector.sessions().some((session) => session.topic === request.topic),
      onAccepted: () => {
        watches.current.delete(request.id);
        if (answered.current.has(request.id)) return;
        answered.current.add(request.id);
        void connector.respond(request, { result: onChainSignature }).catch(() => undefined);
      },
    });
    watches.current.set(request.id, stop);
  };
  const prompt = prompts[0];
  const waiting = prompts.length > 1 ? ` (${prompts.length - 1} more waiting)` : '';

  return (
    <>
      {queued !== undefined && prompt === undefined && (
        <QueuedNotice outcome={queued.outcome} requester={queued.dapp} onClose={() => setQueued(undefined)} />
      )}
      {refused !== undefined && prompt === undefined && (
        <Dialog
          open
          title="Signature not sent"
          onClose={() => setRefused(undefined)}
          testId="dapp-signature-refused"
          footer={<Button onClick={() => setRefused(undefined)}>Close</Button>}
        >
          <Alert tone="danger" title="The Safe did not accept the signature">
            The owners’ signature was checked on chain with the Safe’s isValidSignature before it went to{' '}
            {refused.dapp}, and the Safe did not accept it (or the chain could not be asked). {refused.dapp}{' '}
            was answered with an error instead of the signature.
          </Alert>
        </Dialog>
      )}
      {prompt?.kind === 'elsewhere' && (
        <Dialog
          open
          key={prompt.request.id}
          title={`Request from ${prompt.dapp.dapp.name} on ${prompt.chain.chainName}${waiting}`}
          onClose={() => answerPrompt(prompt, { error: userRejected })}
          testId="dapp-request-elsewhere"
          footer={
            <>
              <Button
                onClick={() => answerPrompt(prompt, { error: userRejected })}
                data-testid="dapp-elsewhere-reject"
              >
                Reject
              </Button>
              <ButtonLink
                variant="primary"
                to={safeHomePath(prompt.chain.shortName, address)}
                data-testid="dapp-elsewhere-open"
              >
                Open the Safe on {prompt.chain.chainName}
              </ButtonLink>
            </>
          }
        >
          <VerifyVerdict context={prompt.request.verifyContext} dappUrl={prompt.dapp.dapp.url} />
          <p>
            {prompt.dapp.dapp.name} asks this Safe for a{' '}
            {prompt.asks === 'transaction' ? 'transaction' : 'signature'} on {prompt.chain.chainName}, another
            chain of its session. It is reviewed on the Safe’s pages for that chain, against that chain’s
            state.
          </p>
        </Dialog>
      )}
      {prompt?.kind === 'switch' && (
        <Dialog
          open
          key={prompt.request.id}
          title={`${prompt.dapp.dapp.name} asks to switch to ${prompt.chain.chainName}${waiting}`}
          onClose={() => answerPrompt(prompt, { error: userRejected })}
          testId="dapp-switch-dialog"
          footer={
            <>
              <Button
                onClick={() => answerPrompt(prompt, { error: userRejected })}
                data-testid="dapp-switch-reject"
              >
                Reject
              </Button>
              <Button
                variant="primary"
                onClick={() => addChainAndSwitch(prompt)}
                data-testid="dapp-switch-approve"
              >
                Add {prompt.chain.chainName}
              </Button>
            </>
          }
        >
          <VerifyVerdict context={prompt.request.verifyContext} dappUrl={prompt.dapp.dapp.url} />
          <p>
            {prompt.chain.chainName} is not in this dapp’s session. At this Safe’s address there, the chain
            answers a Safe with the same owners and threshold ({prompt.signers.threshold} of{' '}
            {prompt.signers.owners}): the same account. Added, the dapp may ask it for transactions and
            signatures on {prompt.chain.chainName} too, each reviewed here.
          </p>
        </Dialog>
      )}
      {prompt?.kind === 'message' && (
        <DappMessageDialog
          key={prompt.request.id}
          requester={{ ...prompt.dapp.dapp, safeAppId: null }}
          content={prompt.content}
          title={`Signature requested by ${prompt.dapp.dapp.name}${waiting}`}
          intro={
            <>
              <VerifyVerdict context={prompt.request.verifyContext} dappUrl={prompt.dapp.dapp.url} />A message
              for this Safe to sign. Signed off-chain, the dapp gets the Safe’s signature once{' '}
              {safe.threshold} {safe.threshold === 1 ? 'owner has' : 'owners have'} signed it.
            </>
          }
          waitForSafeSignature
          onSigned={(result) => {
            if (result.signature !== undefined) answerSignature(prompt, result.signature);
          }}
          onReject={() => answerPrompt(prompt, { error: userRejected })}
          onClosedWhileWaiting={(messageHash) => keepWaiting(prompt, messageHash)}
          onSignOnChain={() => signOnChain(prompt)}
        />
      )}
      {prompt?.kind === 'transaction' && (
        <DraftReviewDialog
          key={prompt.request.id}
          draft={prompt.draft}
          title={`${prompt.draft.title}${waiting}`}
          testId="dapp-tx-dialog"
          onReject={() => answerPrompt(prompt, { error: userRejected })}
          onDone={(outcome) => {
            const { safeTxHash } = outcome;
            setQueued({ dapp: prompt.dapp.dapp.name, outcome });
            answerPrompt(prompt, {
              // What Safe{Wallet} answers: the transaction's safeTxHash (EIP-5792: as the calls' id).
              result: prompt.method === 'wallet_sendCalls' ? { id: safeTxHash } : safeTxHash,
            });
          }}
        >
          <VerifyVerdict context={prompt.request.verifyContext} dappUrl={prompt.dapp.dapp.url} />
        </DraftReviewDialog>
      )}
      {prompt?.kind === 'onChainMessage' && (
        <DraftReviewDialog
          key={prompt.request.id}
          draft={prompt.draft}
          title={`${prompt.draft.title}${waiting}`}
          testId="dapp-onchain-sign-dialog"
          onReject={() => answerPrompt(prompt, { error: userRejected })}
          onDone={() => watchOnChainSignature(prompt)}
        >
          <VerifyVerdict context={prompt.request.verifyContext} dappUrl={prompt.dapp.dapp.url} />
          <Alert tone="info" role="note" testId="dapp-onchain-note">
            {prompt.dapp.dapp.name} gets its answer once this transaction is executed, when {safe.threshold}{' '}
            {safe.threshold === 1 ? 'owner has' : 'owners have'} confirmed it: Countersign watches the Safe
            while it is open here.
          </Alert>
        </DraftReviewDialog>
      )}
    </>
  );
}

/** A dapp's draft in the one review, in a dialog: closing it or going back refuses the request. */
function DraftReviewDialog({
  draft,
  title,
  testId,
  onReject,
  onDone,
  children,
}: {
  draft: TxDraft;
  title: string;
  testId: string;
  onReject: () => void;
  onDone: (outcome: ReviewOutcome) => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open size="lg" title={title} onClose={onReject} testId={testId}>
      {children}
      <Suspense fallback={<Loading label="Loading the review" />}>
        <TxReview draft={draft} onBack={onReject} onDone={onDone} inDialog />
      </Suspense>
    </Dialog>
  );
}
