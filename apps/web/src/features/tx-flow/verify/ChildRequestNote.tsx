import { useQuery } from '@tanstack/react-query';
import type { Hex } from 'viem';
import { useGateway } from '../../../lib/ServicesProvider';
import { Address, Alert, ButtonLink, HexValue } from '../../../ui';
import { useContractAbis } from '../../address-book';
import { safePaths, useSafe } from '../../safe';
import { describeCall } from './actionWords';
import { findChildRequest } from './childRequest';

/**
 * What a raw-bytes message of this Safe confirms: a queued transaction of a Safe it owns, found by
 * its hash and checked here (its fields hashed again, the form its contract asks for), worded from
 * its bytes, or a message of it (its content hashed again); or a warning that the bytes match
 * nothing this Safe's children have queued.
 */
export function ChildRequestNote({ bytes }: { bytes: Hex }) {
  const { chain, address } = useSafe();
  const gateway = useGateway();
  const abiFor = useContractAbis(chain.chainId);
  const request = useQuery({
    queryKey: ['child-request', chain.chainId, address, bytes],
    queryFn: ({ signal }) => findChildRequest({ gateway, chain, parent: address, bytes, abiFor, signal }),
    staleTime: 30_000,
  });
  if (request.isPending)
    return (
      <p data-testid="child-request-pending">Looking for what this confirms for the Safes this Safe owns…</p>
    );
  if (request.isError || request.data.kind === 'unknown')
    return (
      <Alert tone="warn" title="Not a transaction of a Safe this Safe owns" testId="child-request-unknown">
        <p>
          These bytes are what a contract asks this Safe to accept.{' '}
          {request.isError
            ? 'The Safes this Safe owns could not be looked through now.'
            : 'No queued transaction of a Safe this Safe owns hashes to them.'}{' '}
          Sign only if you know what they are for.
        </p>
      </Alert>
    );
  const found = request.data;
  const childPaths = safePaths(chain.shortName, found.child);
  const wrongForm = !found.formMatches && (
    <p data-testid="child-request-wrong-form">
      These bytes are not in the form that Safe&apos;s version asks its owners about: its contract will refuse
      the signature. Do not sign.
    </p>
  );
  if (found.kind === 'message') {
    const content = found.message.message;
    return (
      <Alert
        tone={found.formMatches ? 'info' : 'danger'}
        title="Confirms a message of a Safe this Safe owns"
        testId="child-request"
      >
        <p>
          <Address address={found.child} copy />
        </p>
        <p data-testid="child-request-words">
          {typeof content === 'string'
            ? `“${content.length > 300 ? `${content.slice(0, 299)}…` : content}”`
            : 'primaryType' in content
              ? `Typed data: ${content.primaryType}`
              : `Raw bytes (${(content.bytes.length - 2) / 2})`}
        </p>
        {wrongForm}
        <ButtonLink
          to={childPaths.message(found.message.messageHash)}
          variant="ghost"
          data-testid="child-request-link"
        >
          Open the message
        </ButtonLink>
      </Alert>
    );
  }
  const words = describeCall(found.tx, { safe: found.child, native: chain.nativeCurrency, abiFor });
  return (
    <Alert
      tone={found.formMatches ? 'info' : 'danger'}
      title={`Confirms transaction #${found.nonce} of a Safe this Safe owns`}
      testId="child-request"
    >
      <p>
        <Address address={found.child} copy />
      </p>
      <p data-testid="child-request-words">{words}</p>
      <p>
        Its safeTxHash, recomputed here from its fields:{' '}
        <HexValue value={found.safeTxHash} label="safeTxHash" full testId="child-request-hash" />
      </p>
      {wrongForm}
      <ButtonLink
        to={childPaths.transaction(found.details.txId)}
        variant="ghost"
        data-testid="child-request-link"
      >
        Open the transaction
      </ButtonLink>
    </Alert>
  );
}
