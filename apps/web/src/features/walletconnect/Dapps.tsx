import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueries } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { useSearchParams } from 'react-router';
import { Alert, Button, Detail, DetailList, Dialog, EmptyState, Section, TextField } from '../../ui';
import { formatAge } from '../../ui/format';
import { useChains } from '../chains';
import { chainSafeStateQueryOptions, useChainSafeState, useSafe, type ChainSafeState } from '../safe';
import { accountThere, type AccountThere } from './sameAccount';
import {
  isPairingUri,
  sessionChainIdsOf,
  type DappConnector,
  type DappSession,
  type SessionProposal,
} from './connector';
import { setWalletConnectActive } from './activity';
import { verifyOutcome } from './verify';
import { VerifyVerdict } from './VerifyVerdict';
import { pixelsOfImage } from './qrImage';
import { imageFileOf, readPairingQrImage, type ImagePixelReader } from './qrScan';
import { QrScanButton } from './QrScanButton';
import styles from './Dapps.module.css';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * The Safe's dapps over WalletConnect: connect one by its `wc:` link (pasted, `?wc=` in the page's
 * URL, or read from its QR code by the camera or in a screenshot), and the dapps connected to this
 * Safe. Their requests are DappRequests' (on every Safe page).
 */
export function Dapps({
  connector,
  readImagePixels = pixelsOfImage,
}: {
  connector: DappConnector;
  /** How an image becomes pixels: the browser's canvas, which tests (happy-dom has none) replace. */
  readImagePixels?: ImagePixelReader;
}) {
  const { chain, address } = useSafe();
  // Bumped when the connector says its sessions changed: the list is read from it on render.
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const [proposal, setProposal] = useState<SessionProposal | undefined>(undefined);
  const sessions = useMemo(
    () =>
      connector
        .sessions()
        .filter(
          (session) =>
            sessionsVersion >= 0 && sessionChainIdsOf(session, address).includes(Number(chain.chainId)),
        ),
    [connector, address, chain.chainId, sessionsVersion],
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
      <ConnectForm connector={connector} readImagePixels={readImagePixels} />
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

function ConnectForm({
  connector,
  readImagePixels,
}: {
  connector: DappConnector;
  readImagePixels: ImagePixelReader;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [uri, setUri] = useState(() => searchParams.get('wc') ?? '');
  // A link that opened the page is shown, not used: a page anyone can link to must not start a
  // pairing the owner did not ask for.
  const [fromLink, setFromLink] = useState(() => isPairingUri(searchParams.get('wc') ?? ''));
  const pair = useMutation({ mutationFn: (link: string) => connector.pair(link) });
  const { mutate, reset } = pair;
  const fromUrl = searchParams.get('wc');
  const fileInput = useRef<HTMLInputElement>(null);
  const [qrError, setQrError] = useState<string | undefined>(undefined);
  const [readingImage, setReadingImage] = useState(false);
  const [dragging, setDragging] = useState(false);
  // Only the last image given counts: an earlier one still decoding must not pair after it.
  const latestImage = useRef(0);

  // The dapp answered: the spent link and the waiting note go, the proposal's dialog takes over.
  useEffect(
    () =>
      connector.on('proposal', () => {
        reset();
        setUri('');
        setFromLink(false);
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
  }, [fromUrl, setSearchParams]);

  // A link read from a QR code the owner gave pairs at once.
  const pairWith = (link: string) => {
    setQrError(undefined);
    setUri(link);
    mutate(link);
  };

  const pairFromImage = async (image: File) => {
    const attempt = ++latestImage.current;
    setQrError(undefined);
    setReadingImage(true);
    const reading = await readPairingQrImage(image, readImagePixels);
    if (attempt !== latestImage.current) return;
    setReadingImage(false);
    if (reading.ok) pairWith(reading.uri);
    else setQrError(reading.error);
  };

  const invalid = uri.trim() !== '' && !isPairingUri(uri);
  return (
    <Section title="Connect a dapp" testId="dapp-connect">
      <form
        className={`${styles.connect} ${dragging ? styles.dropping : ''}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (isPairingUri(uri)) pair.mutate(uri);
        }}
        onPaste={(event) => {
          // A screenshot of the dapp's QR code pasted anywhere in the form; pasted text stays text.
          const image = imageFileOf(event.clipboardData);
          if (!image) return;
          event.preventDefault();
          void pairFromImage(image);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const image = imageFileOf(event.dataTransfer);
          if (image) void pairFromImage(image);
          else setQrError('Drop an image of the dapp’s QR code (a screenshot).');
        }}
        data-testid="dapp-connect-form"
      >
        <TextField
          label="WalletConnect link"
          hint="In the dapp, choose WalletConnect, then copy its link (it starts with wc:), or scan, paste or drop its QR code."
          error={invalid ? 'This is not a WalletConnect link: it starts with wc: and holds @2?' : undefined}
          value={uri}
          onChange={(event) => {
            setUri(event.target.value);
            setFromLink(false);
          }}
          placeholder="wc:…"
          mono
          testId="dapp-uri"
        />
        <div className={styles.actions}>
          <QrScanButton onLink={pairWith} onOpen={() => setQrError(undefined)} disabled={pair.isPending} />
          <Button
            onClick={() => fileInput.current?.click()}
            disabled={pair.isPending || readingImage}
            data-testid="dapp-qr-choose"
          >
            Choose a screenshot
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/bmp"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Emptied, so that choosing the same file again reads it again.
              event.target.value = '';
              if (file) void pairFromImage(file);
            }}
            data-testid="dapp-qr-file"
          />
          <Button
            type="submit"
            variant="primary"
            disabled={!isPairingUri(uri) || pair.isPending}
            data-testid="dapp-pair"
          >
            {pair.isPending ? 'Connecting…' : 'Connect'}
          </Button>
        </div>
        {fromLink && !pair.isPending && !pair.isSuccess && (
          <Alert
            tone="info"
            title="A link opened this page with a dapp’s connection"
            testId="dapp-link-notice"
          >
            Nothing is connected yet. Connect asks the dapp for its request, which you then approve or reject;
            if you did not just choose this Safe in a dapp, clear the link.
          </Alert>
        )}
        {readingImage && (
          <p className={styles.muted} role="status" data-testid="dapp-qr-reading">
            Reading the QR code…
          </p>
        )}
        {qrError !== undefined && (
          <Alert tone="danger" role="alert" title="No link read" testId="dapp-qr-error">
            {qrError}
          </Alert>
        )}
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
  const own = useChainSafeState().state;
  const others = useOtherChainsOfSafe(proposal, chain, address, own);
  // Nothing beyond the Safe's own chain unless the owner ticks it.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const given = [
    safeChain,
    ...others.flatMap((other) => (other.state === 'same' && chosen.has(other.caip) ? [other.caip] : [])),
  ];
  const missing = proposal.requiredChains.filter((required) => !given.includes(required));
  const offered = [...proposal.requiredChains, ...proposal.optionalChains].includes(safeChain);
  const checking = others.some((other) => other.state === 'checking');
  const blocked = verify.kind === 'threat' || missing.length > 0 || !offered || checking;
  const approve = useMutation({
    mutationFn: () =>
      connector.approve(proposal, {
        chainIds: given.map((caip) => Number(caip.slice('eip155:'.length))),
        address,
      }),
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
        <VerifyVerdict context={proposal.verifyContext} dappUrl={proposal.dapp.url} />
        <DetailList>
          <Detail label="Dapp (as it names itself)">
            <span data-testid="dapp-name">{proposal.dapp.name}</span>
          </Detail>
          <Detail label="Its address">
            <span data-testid="dapp-url">{proposal.dapp.url || 'None given'}</span>
          </Detail>
          {proposal.dapp.icons[0] && (
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
              {others.length > 0 && ', and on the chains ticked below'}
            </span>
          </Detail>
        </DetailList>
        {others.length > 0 && (
          <fieldset className={styles.otherChains} data-testid="dapp-other-chains">
            <legend>Also on the other chains it asks for</legend>
            {others.map((other) => (
              <OtherChainChoice
                key={other.caip}
                other={other}
                given={chosen.has(other.caip)}
                onChange={(give) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (give) next.add(other.caip);
                    else next.delete(other.caip);
                    return next;
                  })
                }
              />
            ))}
          </fieldset>
        )}
        {(missing.length > 0 || !offered) && !checking && (
          <Alert tone="danger" role="alert" title="Cannot connect" testId="dapp-chain-error">
            {missing.length > 0
              ? `The dapp requires ${missing.join(', ')}, where this Safe is not given here. Open the dapp on ${chain.chainName}.`
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

type OtherChain = {
  chain: ChainInfo;
  /** CAIP-2, as the session names it. */
  caip: string;
  /** What the chain itself answers at this address, compared with this Safe (sameAccount.ts). */
  state: 'checking' | AccountThere;
  owners: number;
  threshold: number;
};

/**
 * The chains the dapp asks for, besides this Safe's, that Countersign serves, each read from its own
 * RPC: the session may offer the Safe there only where a Safe answers at the same address.
 */
function useOtherChainsOfSafe(
  proposal: SessionProposal,
  own: ChainInfo,
  address: Address,
  ownState: ChainSafeState | undefined,
): OtherChain[] {
  const asked = new Set([...proposal.requiredChains, ...proposal.optionalChains]);
  const candidates = (useChains().data ?? []).filter(
    (chain) => chain.chainId !== own.chainId && asked.has(`eip155:${chain.chainId}`),
  );
  const reads = useQueries({
    queries: candidates.map((chain) => chainSafeStateQueryOptions(chain, address)),
  });
  return candidates.map((chain, i) => {
    const read = reads[i];
    const owners = read?.data?.owners.length ?? 0;
    return {
      chain,
      caip: `eip155:${chain.chainId}`,
      state: read?.isPending || ownState === undefined ? 'checking' : accountThere(ownState, read?.data),
      owners,
      threshold: read?.data?.threshold ?? 0,
    };
  });
}

function OtherChainChoice({
  other,
  given,
  onChange,
}: {
  other: OtherChain;
  given: boolean;
  onChange: (given: boolean) => void;
}) {
  const { chain, state } = other;
  return (
    <label className={styles.otherChain} data-testid="dapp-other-chain" data-chain-id={chain.chainId}>
      <input
        type="checkbox"
        checked={state === 'same' && given}
        disabled={state !== 'same'}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      <span>
        {chain.chainName} (eip155:{chain.chainId}):{' '}
        {state === 'checking'
          ? 'checking the chain for this Safe…'
          : state === 'same'
            ? `the same account: a Safe with the same owners and threshold (${other.threshold} of ${other.owners}, read from that chain)`
            : state === 'different'
              ? `a different account (${other.threshold} of ${other.owners}, read from that chain): the Safe at this address there has other owners or another threshold, and is not offered`
              : 'no Safe answers at this address there'}
      </span>
    </label>
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
