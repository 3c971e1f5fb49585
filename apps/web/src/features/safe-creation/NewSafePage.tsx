import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import * as z from 'zod/mini';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { shownError, useSchemaForm } from '../../ui/schemaForm';
import { useAddressBook } from '../address-book';
import { chainExplorer, useCurrentChain } from '../chains';
import { recommendedSafeVersion, safeHomePath, safeInfoQueryOptions, safeVersionSummaries } from '../safe';
import { useSignerService, useWallet } from '../wallet';
import { planSafeDeployment, type SafeDeploymentPlan } from './deployment';
import { RadioChoices } from '../../ui/RadioChoices';
import { CreationProgress, DeploymentTargetState, TxLink } from './CreationSteps';
import { deploymentTargetQueryOptions, deploymentTargetTexts } from './deploymentTarget';
import { deploySafe, type DeployProgress } from './deploySafe';
import {
  NAME_MAX,
  checkNewSafe,
  checkOwnerAddress,
  clampThreshold,
  initialDraft,
  randomSaltNonce,
  type NewSafeDraft,
  type NewSafeSetup,
  type OwnerDraft,
  newSafeVersions,
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

type NewSafeValues = Omit<NewSafeDraft, 'owners'> & { owners: Omit<OwnerDraft, 'id'>[] };

/** The form holds owners by position; the rules key them by id. */
const asDraft = (values: NewSafeValues): NewSafeDraft => ({
  ...values,
  owners: values.owners.map((owner, index) => ({ ...owner, id: String(index) })),
});

const draftValues = ({ owners, ...draft }: NewSafeDraft): NewSafeValues => ({
  ...draft,
  owners: owners.map(({ name, address }) => ({ name, address })),
});

/** The form's rules: `checkNewSafe` over the whole draft, each error put on its field. */
const newSafeSchema = (shortName: string) =>
  z.pipe(
    z.object({
      name: z.string(),
      owners: z.array(z.object({ name: z.string(), address: z.string() })),
      threshold: z.number(),
      saltNonce: z.string(),
      version: z.enum(newSafeVersions),
    }),
    z.transform((values, context): NewSafeSetup => {
      const checked = checkNewSafe(asDraft(values), shortName);
      if (checked.ok) return checked.value;
      const fail = (path: (string | number)[], message: string | undefined) => {
        if (message !== undefined) context.issues.push({ code: 'custom', message, input: values, path });
      };
      fail(['name'], checked.errors.name);
      values.owners.forEach((_, index) => {
        fail(['owners', index, 'name'], checked.errors.owners[String(index)]?.name);
        fail(['owners', index, 'address'], checked.errors.owners[String(index)]?.address);
      });
      fail(['threshold'], checked.errors.threshold);
      fail(['saltNonce'], checked.errors.saltNonce);
      return z.NEVER;
    }),
  );

/** `/new-safe`: the New Safe form, its predicted address, and the deployment through the wallet. */
export function NewSafePage() {
  const { query: chainsQuery, current: chain } = useCurrentChain();
  return (
    <Page
      title="Create new Safe"
      description="A Safe owned by the accounts you list, of the version you choose. Its address is known before anything is sent."
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
  const signerService = useSignerService();
  const account = wallet.status === 'connected' ? wallet.address : undefined;
  const names = useAddressBook(chain.chainId);

  const schema = useMemo(() => newSafeSchema(chain.shortName), [chain.shortName]);
  const form = useSchemaForm(schema, draftValues(initialDraft()));
  const owners = useFieldArray({ control: form.control, name: 'owners' });
  const draft = form.watch();
  const [flow, setFlow] = useState<Flow>({ stage: 'form' });
  const [notice, setNotice] = useState<Notice | null>(null);
  /** A field to move the focus to once rendered (`seq` makes asking twice for one field count). */
  const [focusRequest, setFocusRequest] = useState<{ key: string; seq: number } | null>(null);
  const focus = (key: string) => setFocusRequest((previous) => ({ key, seq: (previous?.seq ?? 0) + 1 }));

  // A change to the form ends what was said about the last attempt.
  useEffect(() => {
    const subscription = form.watch(() => setNotice(null));
    return () => subscription.unsubscribe();
  }, [form]);

  // The connected account is the first owner, once, while no owner address was typed.
  const prefilled = useRef(false);
  useEffect(() => {
    if (account === undefined || prefilled.current) return;
    prefilled.current = true;
    const checked = checkOwnerAddress(account, undefined);
    const current = form.getValues('owners');
    if (checked.ok && current.every((owner) => owner.address.trim() === '') && current[0] !== undefined) {
      form.setValue('owners.0.address', checked.value);
    }
  }, [account, form]);

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

  const checked = checkNewSafe(asDraft(draft), chain.shortName);
  const plan = checked.ok
    ? planSafeDeployment({
        chainId: chain.chainId,
        owners: checked.value.owners.map((owner) => owner.address),
        threshold: checked.value.threshold,
        saltNonce: checked.value.saltNonce,
        version: checked.value.version,
      })
    : undefined;
  const targetQuery = useQuery({
    ...deploymentTargetQueryOptions(chain, plan),
    // Asked again on Create; meanwhile a Safe of one's own being deployed must not turn it red.
    refetchOnWindowFocus: false,
  });

  /** Set from Create until the form is back: a second press meanwhile does nothing. */
  const submitting = useRef(false);
  const busy = flow.stage !== 'form';
  const knownName = (address: string | undefined) => {
    const checked = address === undefined ? undefined : checkOwnerAddress(address, chain.shortName);
    return checked?.ok ? names[checked.value] : undefined;
  };
  const addOwner = () => {
    owners.append({ name: '', address: '' }, { shouldFocus: false });
    focus(`owners.${draft.owners.length}.address`);
  };
  const removeOwner = (index: number) => {
    const left = draft.owners.length - 1;
    owners.remove(index);
    form.setValue('threshold', clampThreshold(draft.threshold, left));
    focus(left > 0 ? `owners.${Math.min(index, left - 1)}.address` : 'add-owner');
  };
  /**
   * On leaving an address: written back checksummed. Its address-book name is shown in the name
   * field as a placeholder, never typed into it: a name left empty keeps the entry as it is.
   */
  const settleAddress = (index: number) => {
    const owner = form.getValues(`owners.${index}`);
    const address = checkOwnerAddress(owner.address, chain.shortName);
    if (!address.ok) return;
    // Validated again here: react-hook-form drops the verdict of a blur whose value changed meanwhile.
    if (address.value !== owner.address)
      form.setValue(`owners.${index}.address`, address.value, { shouldValidate: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || submitting.current) return;
    submitting.current = true;
    // The form model shows every error and focuses the first invalid field when the rules fail.
    void form
      .handleSubmit((setup) => submit(setup))()
      .finally(() => {
        submitting.current = false;
      });
  };

  const submit = async (setup: NewSafeSetup) => {
    setNotice(null);
    if (plan === undefined) return;
    if (account === undefined) {
      signerService.requestRuntime({ open: true });
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
      .fetchQuery({ ...deploymentTargetQueryOptions(chain, plan), staleTime: 0 })
      .catch(() => undefined);
    if (target === 'deployed' || target === 'no-contracts') {
      setNotice({
        tone: 'danger',
        title: 'The Safe cannot be created',
        message: target === 'deployed' ? deploymentTargetTexts.deployed : deploymentTargetTexts.noContracts,
      });
      return;
    }
    await create(setup, plan);
  };

  const create = async (setup: NewSafeSetup, deployment: SafeDeploymentPlan) => {
    const signal = lifetime.current?.signal;
    const address = deployment.predictedAddress;
    const result = await deploySafe(deployment, {
      wallet: signerService.api,
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
    <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
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
            error={shownError(form, 'name')}
            {...form.register('name')}
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
            {owners.fields.map((field, index) => (
              <OwnerRow
                key={field.id}
                index={index}
                isYou={
                  account !== undefined &&
                  draft.owners[index]?.address.toLowerCase() === account.toLowerCase()
                }
                name={form.register(`owners.${index}.name`)}
                address={form.register(`owners.${index}.address`, { onBlur: () => settleAddress(index) })}
                errors={{
                  name: shownError(form, `owners.${index}.name`),
                  address: shownError(form, `owners.${index}.address`),
                }}
                knownName={knownName(draft.owners[index]?.address)}
                typedName={draft.owners[index]?.name ?? ''}
                removable={draft.owners.length > 1}
                onRemove={() => removeOwner(index)}
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
              error={shownError(form, 'threshold')}
              end={
                <span className={styles.outOf}>
                  out of {draft.owners.length} owner{draft.owners.length === 1 ? '' : 's'}
                </span>
              }
              {...form.register('threshold', { valueAsNumber: true })}
              value={String(draft.threshold)}
              testId="new-safe-threshold"
            >
              {owners.fields.map((field, index) => (
                <option key={field.id} value={index + 1}>
                  {index + 1}
                </option>
              ))}
            </SelectField>
          </div>
        </Card>

        <Card className={styles.card}>
          <TextField
            data-focus-key="saltNonce"
            label="Salt nonce"
            hint="Any whole decimal number. With the owners and threshold it decides the Safe's address; a random one is picked for you."
            error={shownError(form, 'saltNonce')}
            mono
            inputMode="numeric"
            {...form.register('saltNonce')}
            end={
              <Button
                onClick={() => form.setValue('saltNonce', randomSaltNonce(), { shouldValidate: true })}
                data-testid="new-safe-salt-random"
              >
                New random
              </Button>
            }
            testId="new-safe-salt"
          />
        </Card>

        <Card className={styles.card}>
          <RadioChoices
            legend="Safe version"
            layout="stack"
            choices={newSafeVersions.map((version) => ({
              value: version,
              label: (
                <span>
                  <strong>
                    {version}
                    {version === recommendedSafeVersion ? ' (recommended)' : ''}
                  </strong>
                  <br />
                  <span className={styles.hint}>{safeVersionSummaries[version]}</span>
                </span>
              ),
              testId: `new-safe-version-${version}`,
            }))}
            inputProps={(version) => ({ ...form.register('version'), checked: draft.version === version })}
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
