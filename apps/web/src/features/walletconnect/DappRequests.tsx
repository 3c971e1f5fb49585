import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Hex } from 'viem';
import { useQueryClient } from '@tanstack/react-query';
import type { ChainInfo } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { Alert, Button, ButtonLink, Dialog, Loading } from '../../ui';
import { rpcRequest, rpcUrlOf, useChains } from '../chains';
import type { MessageContent } from '../messages';
import { chainSafeStateQueryOptions, safeHomePath, useSafe } from '../safe';
import { TxReview, type TxDraft } from '../tx-flow';
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

type Prompt = { request: SessionRequest; dapp: DappSession } & (
  | { kind: 'transaction'; draft: TxDraft; method: string }
  | { kind: 'message'; content: MessageContent; signedHash: Hex }
  /** A message the owner chose to sign on chain: its SignMessageLib transaction, in the review. */
  | { kind: 'onChainMessage'; draft: TxDraft; signedHash: Hex }
  /** A transaction or message for the same Safe on another chain of the session: reviewed on its pages. */
  | { kind: 'elsewhere'; chain: ChainInfo; asks: 'transaction' | 'message' }
);

/**
 * Answered to the dapp for a message signed on chain (as Safe{Wallet} does): the empty signature,
 * which the Safe's isValidSignature accepts for the hash once SignMessageLib has marked it.
 */
const onChainSignature = '0x';

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
  /** Whether the chain's own RPC answers a Safe at this Safe's address (its owners read there). */
  const safeIsOn = useCallback(
    (target: ChainInfo) =>
      queryClient
        .fetchQuery(chainSafeStateQueryOptions(target, address))
        .then((state) => state.owners.length > 0)
        .catch(() => false),
    [queryClient, address],
  );
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  /** A signature the Safe did not accept, shown to the owner (the dapp got an error instead). */
  const [refused, setRefused] = useState<{ dapp: string } | undefined>();
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
          const switched = () =>
            respond({ result: null }).then(() =>
              connector
                .emit(request.topic, target, { name: 'chainChanged', data: target })
                .catch(() => undefined),
            );
          if (refusal === undefined) {
            void switched();
            return;
          }
          // Not in the session: added when Countersign serves the chain and the chain itself shows a
          // Safe at this address (read from its RPC, not the gateway's word); else the refusal.
          const targetChain = servedOn(target);
          void (targetChain ? safeIsOn(targetChain) : Promise.resolve(false))
            .then(async (found) => {
              if (!found) return respond({ error: refusal });
              await connector.addChain(request.topic, { chainId: target, address });
              await switched();
              await connector.emit(request.topic, target, { name: 'accountsChanged', data: [address] });
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
    [connector, address, chain, chains, gateway, safeIsOn],
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
          <p>
            {prompt.dapp.dapp.name} asks this Safe for a{' '}
            {prompt.asks === 'transaction' ? 'transaction' : 'signature'} on {prompt.chain.chainName}, another
            chain of its session. It is reviewed on the Safe’s pages for that chain, against that chain’s
            state.
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
              A message for this Safe to sign. Signed off-chain, the dapp gets the Safe’s signature once{' '}
              {safe.threshold} {safe.threshold === 1 ? 'owner has' : 'owners have'} signed it.
            </>
          }
          waitForSafeSignature
          onSigned={(result) => {
            if (result.signature !== undefined) answerSignature(prompt, result.signature);
          }}
          onReject={() => answerPrompt(prompt, { error: userRejected })}
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
          onDone={(safeTxHash) =>
            answerPrompt(prompt, {
              // What Safe{Wallet} answers: the transaction's safeTxHash (EIP-5792: as the calls' id).
              result: prompt.method === 'wallet_sendCalls' ? { id: safeTxHash } : safeTxHash,
            })
          }
        />
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
  onDone: (safeTxHash: Hex) => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open size="lg" title={title} onClose={onReject} testId={testId}>
      {children}
      <Suspense fallback={<Loading label="Loading the review" />}>
        <TxReview
          draft={draft}
          onBack={onReject}
          onDone={(result: { safeTxHash: Hex }) => onDone(result.safeTxHash)}
          inDialog
        />
      </Suspense>
    </Dialog>
  );
}
