import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import {
  Address,
  Alert,
  Button,
  ButtonLink,
  Card,
  Page,
  PlusIcon,
  QueryErrorAlert,
  SelectField,
  SkeletonRows,
  TextField,
  shortenHex,
  type AlertTone,
} from '../../ui';
import { useAddressBook } from '../address-book';
import { chainExplorer, rpcUrlOf, useCurrentChain } from '../chains';
import { safeHomePath, safeInfoQueryOptions } from '../safe';
import { requestWalletRuntime, useWallet, walletApi } from '../wallet';
import { planSafeDeployment, type SafeDeploymentPlan } from './deployment';
import { CreationProgress, DeploymentTargetState, TxLink } from './CreationSteps';
import { chainReader } from '../../lib/chainReader';
import { checkDeploymentTarget, deploymentTargetTexts } from './deploymentTarget';
import { deploySafe, type DeployProgress } from './deploySafe';
import {
  NAME_MAX,
  checkNewSafe,
  checkOwnerAddress,
  clampThreshold,
  initialDraft,
  newOwner,
  randomSaltNonce,
  type NewSafeDraft,
  type NewSafeErrors,
  type NewSafeSetup,
  type OwnerDraft,
} from './newSafeForm';
import { OwnerRow } from './OwnerFields';
import { rememberCreatedSafe } from './rememberSafe';
import styles from './NewSafePage.module.css';

type Notice = { tone: AlertTone; title: string; message: string; hash?: string };

/** Where the creation stands: the form, or one of the steps after Create. */
type Flow =
  | { stage: 'form' }
  | DeployProgress
  /** Created, but the gateway did not serve it in time. */
  | { stage: 'created'; hash: string; address: string; message: string };

const targetKey = (chainId: string, address: string) => ['safe-creation', chainId, address, 'target'];

/** `/new-safe`: the New Safe form, its predicted address, and the deployment through the wallet. */
export function NewSafePage() {
  const { query: chainsQuery, current: chain } = useCurrentChain();
  return (
    <Page
      title="Create new Safe"
      description="A Safe 1.4.1 owned by the accounts you list. Its address is known before anything is sent."
      testId="new-safe-page"
    >
      {chain !== undefined ? (
        <NewSafeForm chain={chain} />
      ) : chainsQuery.isError ? (
        <QueryErrorAlert query={chainsQuery} title="The chain list could not be loaded" />
      ) : chainsQuery.isPending ? (
        <SkeletonRows rows={4} />
      ) : (
        <Alert tone="warn" title="No chain to create a Safe on">
          The gateway lists no chains.
        </Alert>
      )}
    </Page>
  );
}

function NewSafeForm({ chain }: { chain: ChainInfo }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const wallet = useWallet();
  const account = wallet.status === 'connected' ? wallet.address : undefined;
  const names = useAddressBook(chain.chainId);

  const [draft, setDraft] = useState<NewSafeDraft>(() => initialDraft());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [flow, setFlow] = useState<Flow>({ stage: 'form' });
  const [notice, setNotice] = useState<Notice | null>(null);
  /** A field to move the focus to once rendered (`seq` makes asking twice for one field count). */
  const [focusRequest, setFocusRequest] = useState<{ key: string; seq: number } | null>(null);
  const focus = (key: string) => setFocusRequest((previous) => ({ key, seq: (previous?.seq ?? 0) + 1 }));

  // The connected account is the first owner, once, while no owner address was typed.
  const [prefilledFor, setPrefilledFor] = useState<string | undefined>(undefined);
  if (account !== undefined && prefilledFor === undefined) {
    setPrefilledFor(account);
    const checked = checkOwnerAddress(account, undefined);
    if (checked.ok && draft.owners.every((owner) => owner.address.trim() === '')) {
      const [first, ...rest] = draft.owners;
      if (first !== undefined) {
        setDraft({
          ...draft,
          owners: [
            { ...first, address: checked.value, name: first.name || names[checked.value] || '' },
            ...rest,
          ],
        });
      }
    }
  }

  // Stops waiting for the gateway when the page is left (the transaction itself goes on).
  const lifetime = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  // Moves the focus to a field (marked `data-focus-key`) once it is rendered.
  const formId = useId();
  useEffect(() => {
    if (focusRequest === null) return;
    const selector = `[data-focus-key="${CSS.escape(focusRequest.key)}"]`;
    document.getElementById(formId)?.querySelector<HTMLElement>(selector)?.focus();
  }, [focusRequest, formId]);

  const checked = checkNewSafe(draft, chain.shortName);
  const errors: NewSafeErrors = checked.ok ? { owners: {} } : checked.errors;
  const shown = (key: string, error: string | undefined) =>
    submitted || touched.has(key) ? error : undefined;
  const plan = checked.ok
    ? planSafeDeployment({
        chainId: chain.chainId,
        owners: checked.value.owners.map((owner) => owner.address),
        threshold: checked.value.threshold,
        saltNonce: checked.value.saltNonce,
      })
    : undefined;
  const rpcUrl = rpcUrlOf(chain);
  const targetQuery = useQuery({
    queryKey: targetKey(chain.chainId, plan?.predictedAddress ?? ''),
    queryFn: plan ? () => checkDeploymentTarget(chainReader(rpcUrl), plan) : skipToken,
    // Asked again on Create; meanwhile a Safe of one's own being deployed must not turn it red.
    refetchOnWindowFocus: false,
  });

  /** Set from Create until the form is back: a second press meanwhile does nothing. */
  const submitting = useRef(false);
  const busy = flow.stage !== 'form';
  const touch = (key: string) => setTouched((previous) => new Set(previous).add(key));
  const update = (patch: Partial<NewSafeDraft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setNotice(null);
  };
  const updateOwner = (id: string, patch: Partial<OwnerDraft>) => {
    setDraft((previous) => ({
      ...previous,
      owners: previous.owners.map((owner) => (owner.id === id ? { ...owner, ...patch } : owner)),
    }));
    setNotice(null);
  };
  const addOwner = () => {
    const owner = newOwner();
    setDraft((previous) => ({ ...previous, owners: [...previous.owners, owner] }));
    focus(`${owner.id}-address`);
  };
  const removeOwner = (id: string) => {
    const index = draft.owners.findIndex((owner) => owner.id === id);
    const owners = draft.owners.filter((owner) => owner.id !== id);
    update({ owners, threshold: clampThreshold(draft.threshold, owners.length) });
    const neighbour = owners[Math.min(index, owners.length - 1)];
    focus(neighbour ? `${neighbour.id}-address` : 'add-owner');
  };
  /** On leaving an address: written back checksummed, and named from the address book when unnamed. */
  const settleAddress = (owner: OwnerDraft) => {
    touch(`${owner.id}-address`);
    const address = checkOwnerAddress(owner.address, chain.shortName);
    if (!address.ok) return;
    const name = owner.name.trim() === '' ? (names[address.value] ?? owner.name) : owner.name;
    if (address.value !== owner.address || name !== owner.name) {
      updateOwner(owner.id, { address: address.value, name });
    }
  };

  /** The first field in error, in the order they are on screen. */
  const firstError = (): string | undefined => {
    if (errors.name !== undefined) return 'name';
    for (const owner of draft.owners) {
      const ownerErrors = errors.owners[owner.id];
      if (ownerErrors?.name !== undefined) return `${owner.id}-name`;
      if (ownerErrors?.address !== undefined) return `${owner.id}-address`;
    }
    if (errors.threshold !== undefined) return 'threshold';
    if (errors.saltNonce !== undefined) return 'salt';
    return undefined;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || submitting.current) return;
    submitting.current = true;
    try {
      await submit();
    } finally {
      submitting.current = false;
    }
  };

  const submit = async () => {
    setSubmitted(true);
    setNotice(null);
    if (!checked.ok || plan === undefined) {
      const key = firstError();
      if (key !== undefined) focus(key);
      return;
    }
    if (account === undefined) {
      requestWalletRuntime({ open: true });
      setNotice({
        tone: 'info',
        title: 'Connect a wallet',
        message:
          'The connected wallet sends the deployment and pays its gas. Connect one, then press Create Safe.',
      });
      return;
    }
    // Asked again now: the address may have been taken since the form last checked.
    const target = await queryClient
      .fetchQuery({
        queryKey: targetKey(chain.chainId, plan.predictedAddress),
        queryFn: () => checkDeploymentTarget(chainReader(rpcUrl), plan),
        staleTime: 0,
      })
      .catch(() => undefined);
    if (target === 'deployed' || target === 'no-contracts') {
      setNotice({
        tone: 'danger',
        title: 'The Safe cannot be created',
        message: target === 'deployed' ? deploymentTargetTexts.deployed : deploymentTargetTexts.noContracts,
      });
      return;
    }
    await create(checked.value, plan);
  };

  const create = async (setup: NewSafeSetup, deployment: SafeDeploymentPlan) => {
    const signal = lifetime.current?.signal;
    const address = deployment.predictedAddress;
    const result = await deploySafe(deployment, {
      wallet: walletApi,
      getSafeInfo: (params, options) => gateway.getSafeInfo(params, options),
      description: `Create Safe ${setup.name ? `“${setup.name}”` : shortenHex(address, 4)}`,
      onProgress: (progress) => setFlow(progress),
      onDeployed: () => {
        rememberCreatedSafe(setup, deployment, chain);
        void queryClient.invalidateQueries({ queryKey: ['owner', chain.chainId] });
      },
      signal,
    });
    if (signal?.aborted) return;
    if (result.ok) {
      queryClient.setQueryData(safeInfoQueryOptions(gateway, chain.chainId, address).queryKey, result.safe);
      void navigate(safeHomePath(chain.shortName, address));
      return;
    }
    switch (result.stage) {
      case 'send':
        setFlow({ stage: 'form' });
        setNotice(
          result.error.kind === 'rejected'
            ? {
                tone: 'warn',
                title: 'Nothing was sent',
                message: `${result.error.message} Your settings are kept: press Create Safe to try again.`,
              }
            : { tone: 'danger', title: 'The Safe was not created', message: result.error.message },
        );
        return;
      case 'receipt':
        setFlow({ stage: 'form' });
        setNotice({
          tone: 'warn',
          title: 'The deployment could not be followed',
          message: `${result.message} If it is mined, the Safe will be at ${address}.`,
          hash: result.hash,
        });
        void targetQuery.refetch();
        return;
      case 'reverted':
        setFlow({ stage: 'form' });
        setNotice({
          tone: 'danger',
          title: 'The deployment failed',
          message: result.message,
          hash: result.hash,
        });
        void targetQuery.refetch();
        return;
      case 'serving':
        setFlow({ stage: 'created', hash: result.hash, address, message: result.message });
        return;
    }
  };

  const explorer = chainExplorer(chain);
  const walletElsewhere = account !== undefined && wallet.chainId !== Number(chain.chainId);

  if (flow.stage === 'created') {
    return (
      <Card testId="new-safe-created">
        <Alert
          tone="warn"
          title="Safe created"
          actions={
            <ButtonLink to={safeHomePath(chain.shortName, flow.address)} variant="primary">
              Open the Safe
            </ButtonLink>
          }
        >
          <p>{flow.message}</p>
          <TxLink hash={flow.hash} url={explorer.tx(flow.hash)} />
        </Alert>
      </Card>
    );
  }

  return (
    <form id={formId} className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className={styles.fieldset} disabled={busy}>
        <legend className="visually-hidden">New Safe</legend>
        <Card className={styles.card}>
          <div className={styles.network}>
            <span className={styles.label}>Network</span>
            <p>
              <strong data-testid="new-safe-chain">{chain.chainName}</strong>
              <span className={styles.hint}>
                {' '}
                · change it with the chain selector at the top of the page.
              </span>
            </p>
            {walletElsewhere && (
              <p className={styles.hint} data-testid="new-safe-switch-hint">
                Your wallet is on another network: it will be asked to switch to {chain.chainName}.
              </p>
            )}
          </div>
          <TextField
            data-focus-key="name"
            label="Safe name (optional)"
            hint="Kept in this browser: in My Safes and the address book."
            error={shown('name', errors.name)}
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
            onBlur={() => touch('name')}
            maxLength={NAME_MAX * 2}
            spellCheck
            placeholder="e.g. Team treasury"
            testId="new-safe-name"
          />
        </Card>

        <Card className={styles.card}>
          <h2 className={styles.cardTitle}>Owners and threshold</h2>
          <p className={styles.hint}>
            Owners sign the Safe&apos;s transactions. Their names are saved to your address book.
          </p>
          <ol className={styles.owners}>
            {draft.owners.map((owner, index) => (
              <OwnerRow
                key={owner.id}
                owner={owner}
                index={index}
                focusKey={(part) => `${owner.id}-${part}`}
                isYou={account !== undefined && owner.address.toLowerCase() === account.toLowerCase()}
                errors={{
                  name: shown(`${owner.id}-name`, errors.owners[owner.id]?.name),
                  address: shown(`${owner.id}-address`, errors.owners[owner.id]?.address),
                }}
                removable={draft.owners.length > 1}
                onChange={(patch) => updateOwner(owner.id, patch)}
                onNameBlur={() => touch(`${owner.id}-name`)}
                onAddressBlur={() => settleAddress(owner)}
                onRemove={() => removeOwner(owner.id)}
              />
            ))}
          </ol>
          <div>
            <Button
              data-focus-key="add-owner"
              icon={<PlusIcon />}
              onClick={addOwner}
              data-testid="new-safe-add-owner"
            >
              Add owner
            </Button>
          </div>
          <div className={styles.threshold}>
            <SelectField
              data-focus-key="threshold"
              label="Threshold"
              hint="How many owners must confirm each transaction."
              error={shown('threshold', errors.threshold)}
              end={
                <span className={styles.outOf}>
                  out of {draft.owners.length} owner{draft.owners.length === 1 ? '' : 's'}
                </span>
              }
              value={draft.threshold}
              onChange={(event) => update({ threshold: Number(event.target.value) })}
              testId="new-safe-threshold"
            >
              {draft.owners.map((owner, index) => (
                <option key={owner.id} value={index + 1}>
                  {index + 1}
                </option>
              ))}
            </SelectField>
          </div>
        </Card>

        <Card className={styles.card}>
          <TextField
            data-focus-key="salt"
            label="Salt nonce"
            hint="Any whole decimal number. With the owners and threshold it decides the Safe's address; a random one is picked for you."
            error={shown('salt', errors.saltNonce)}
            mono
            inputMode="numeric"
            value={draft.saltNonce}
            onChange={(event) => update({ saltNonce: event.target.value })}
            onBlur={() => touch('salt')}
            end={
              <Button
                onClick={() => update({ saltNonce: randomSaltNonce() })}
                data-testid="new-safe-salt-random"
              >
                New random
              </Button>
            }
            testId="new-safe-salt"
          />
        </Card>

        <Card className={styles.card} testId="new-safe-predicted">
          <h2 className={styles.cardTitle}>Safe address</h2>
          {plan === undefined ? (
            <p className={styles.hint} data-testid="new-safe-predicted-pending">
              Complete the form to see the address the Safe will have.
            </p>
          ) : (
            <>
              <Address
                address={plan.predictedAddress}
                full
                copy
                explorerUrl={explorer.address(plan.predictedAddress)}
                testId="new-safe-predicted-address"
              />
              <DeploymentTargetState
                target={busy ? 'creating' : targetQuery.data}
                failed={targetQuery.isError}
                home={safeHomePath(chain.shortName, plan.predictedAddress)}
              />
            </>
          )}
        </Card>
      </fieldset>

      {notice !== null && (
        <Alert
          tone={notice.tone}
          title={notice.title}
          role={notice.tone === 'danger' || notice.tone === 'warn' ? 'alert' : 'status'}
          testId="new-safe-notice"
        >
          <p>{notice.message}</p>
          {notice.hash !== undefined && <TxLink hash={notice.hash} url={explorer.tx(notice.hash)} />}
        </Alert>
      )}

      {flow.stage !== 'form' && <CreationProgress flow={flow} txUrl={(hash) => explorer.tx(hash)} />}

      <div className={styles.actions}>
        <Button
          type="submit"
          variant="primary"
          disabled={busy || targetQuery.data === 'deployed' || targetQuery.data === 'no-contracts'}
          data-testid="new-safe-submit"
        >
          {busy ? 'Creating…' : account === undefined ? 'Connect wallet to create' : 'Create Safe'}
        </Button>
        {!busy && (
          <ButtonLink to="/" variant="ghost">
            Cancel
          </ButtonLink>
        )}
      </div>
    </form>
  );
}
