import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import { useGateway } from '../../lib/ServicesProvider';
import {
  Address,
  Badge,
  Button,
  CloseIcon,
  IconButton,
  Section,
  TextField,
  useAddressName,
  useDescribeQueryError,
} from '../../ui';
import { AddressBookNames, setAddressName } from '../../features/address-book';
import {
  MY_SAFE_NAME_MAX,
  addMySafe,
  isMySafe,
  removeMySafe,
  safeAccess,
  useMySafes,
  type MySafe,
  resolveSafeInput,
  safeHomePath,
  safeInfoQueryOptions,
} from '../../features/safe';
import styles from './MySafes.module.css';

type Props = {
  /** The chains the gateway serves (undefined while loading). */
  chains: readonly ChainInfo[] | undefined;
  /** The chain a bare 0x address is added on. */
  selected: ChainInfo | undefined;
  /** The connected account, if any: an entry it owns is marked Owner. */
  account: string | undefined;
};

/**
 * My Safes: the Safes added by address or created here, each a link to its home with its access
 * for the connected account, and the form that adds one (checked with the gateway first).
 */
export function MySafes({ chains, selected, account }: Props) {
  const safes = useMySafes();
  const [status, setStatus] = useState('');
  const addressRef = useRef<HTMLInputElement>(null);

  const remove = (safe: MySafe, label: string) => {
    removeMySafe(safe.chainId, safe.address);
    setStatus(`Removed ${label} from My Safes.`);
    addressRef.current?.focus();
  };

  return (
    <Section title="My Safes" id="my-safes" testId="my-safes">
      {safes.length === 0 ? (
        <p className={styles.hint} data-testid="my-safes-empty">
          Safes you add or create appear here, in this browser only.
        </p>
      ) : (
        <ul className={styles.list}>
          {safes.map((safe) => (
            // Each Safe by its name in its own chain's address book, as its header shows it.
            <AddressBookNames key={`${safe.chainId}:${safe.address}`} chainId={safe.chainId}>
              <MySafeRow
                safe={safe}
                chain={chains?.find((chain) => chain.chainId === safe.chainId)}
                account={account}
                onRemove={remove}
              />
            </AddressBookNames>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status" data-testid="my-safes-status">
        {status}
      </p>
      <AddSafeForm
        chains={chains}
        selected={selected}
        safes={safes}
        inputRef={addressRef}
        onAdded={(message) => setStatus(message)}
      />
    </Section>
  );
}

function MySafeRow({
  safe,
  chain,
  account,
  onRemove,
}: {
  safe: MySafe;
  chain: ChainInfo | undefined;
  account: string | undefined;
  onRemove: (safe: MySafe, label: string) => void;
}) {
  const query = useQuery(safeInfoQueryOptions(useGateway(), safe.chainId, safe.address));
  const info = query.data;
  const access = safeAccess(info, account);
  const missing = isGatewayStatus(query.error, 404);
  const label = useAddressName(safe.address, safe.name || null) ?? safe.address;
  return (
    <li className={styles.row} data-testid="my-safe" data-address={safe.address}>
      <Link
        className={styles.link}
        to={safeHomePath(safe.shortName, safe.address)}
        data-testid="my-safe-link"
      >
        <Address address={safe.address} name={safe.name || null} />
        <span className={styles.facts}>
          <span className={styles.chain} title={chain?.chainName}>
            {chain?.chainName ?? safe.shortName}
          </span>
          {info !== undefined && (
            <span className={styles.threshold} data-testid="my-safe-threshold">
              {info.threshold}/{info.owners.length}
              <span className="visually-hidden"> signatures required</span>
            </span>
          )}
          {missing ? (
            <Badge tone="danger" testId="my-safe-access">
              Not found
            </Badge>
          ) : access === 'owner' ? (
            <Badge tone="ok" testId="my-safe-access" title="The connected account is an owner">
              Owner
            </Badge>
          ) : (
            <Badge testId="my-safe-access" title="Connect an owner's account to sign">
              Read only
            </Badge>
          )}
        </span>
      </Link>
      <IconButton
        label={`Remove ${label} from My Safes`}
        onClick={() => onRemove(safe, label)}
        data-testid="my-safe-remove"
      >
        <CloseIcon />
      </IconButton>
    </li>
  );
}

function AddSafeForm({
  chains,
  selected,
  safes,
  inputRef,
  onAdded,
}: {
  chains: readonly ChainInfo[] | undefined;
  selected: ChainInfo | undefined;
  safes: readonly MySafe[];
  inputRef: RefObject<HTMLInputElement | null>;
  onAdded: (message: string) => void;
}) {
  const describeQueryError = useDescribeQueryError();
  const titleId = useId();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const [value, setValue] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    const target = resolveSafeInput(value, chains, selected);
    if (!target.ok) {
      setError(target.error);
      inputRef.current?.focus();
      return;
    }
    const { chain, address } = target;
    if (isMySafe(safes, chain.chainId, address)) {
      setError(`${address} on ${chain.chainName} is already in My Safes.`);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setChecking(true);
    try {
      await queryClient.fetchQuery(safeInfoQueryOptions(gateway, chain.chainId, address));
    } catch (failure) {
      setChecking(false);
      setError(
        isGatewayStatus(failure, 404)
          ? `There is no Safe at ${address} on ${chain.chainName}.`
          : `The Safe could not be checked: ${describeQueryError(failure).message}`,
      );
      inputRef.current?.focus();
      return;
    }
    setChecking(false);
    const result = addMySafe({
      chainId: chain.chainId,
      shortName: chain.shortName,
      address,
      name,
      origin: 'added',
    });
    // Into the address book too, where every view reads names: the Safe's header then says the same.
    if (name.trim() !== '') setAddressName(chain.chainId, address, name);
    setValue('');
    setName('');
    onAdded(
      result.stored
        ? `Added ${address} on ${chain.chainName} to My Safes.`
        : `Added ${address} for this tab only: the browser would not store it.`,
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className={styles.formTitle}>
        Add existing Safe
      </h3>
      <div className={styles.fields}>
        <TextField
          ref={inputRef}
          label="Address"
          hint="A bare 0x address is on the chain chosen at the top; prefix another chain's short name."
          error={error ?? undefined}
          mono
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          placeholder={selected ? `${selected.shortName}:0x… or 0x…` : 'eth:0x… or 0x…'}
          autoCapitalize="off"
          autoCorrect="off"
          testId="my-safes-add-address"
        />
        <TextField
          label="Name (optional)"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={MY_SAFE_NAME_MAX}
          spellCheck
          testId="my-safes-add-name"
        />
        <Button type="submit" className={styles.submit} disabled={checking} data-testid="my-safes-add-submit">
          {checking ? 'Checking…' : 'Add Safe'}
        </Button>
      </div>
    </form>
  );
}
