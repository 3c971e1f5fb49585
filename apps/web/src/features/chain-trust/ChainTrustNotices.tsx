import { useQuery } from '@tanstack/react-query';
import { Alert, ButtonLink } from '../../ui';
import type { RpcSource } from '../../lib/rpcSources';
import { useChainSafeState, useSafe } from '../safe';
import type { RpcAgreement } from './crossCheck';
import { SafeStateDisagreements } from './SafeStateDisagreements';
import { hostOf, rpcAgreementQueryOptions, sourceNames, useRpcSources } from './sources';
import styles from './ChainTrust.module.css';

/**
 * Above every page of a Safe: where the chain is read from when no one but the gateway named it,
 * where two RPCs answer differently, and where the gateway's account of the Safe differs from the
 * chain's. A disagreement is shown, never settled quietly for one side.
 */
export function ChainTrustNotices() {
  const { chain, address, paths } = useSafe();
  const sources = useRpcSources(chain);
  const agreement = useQuery({
    ...rpcAgreementQueryOptions(chain, address, sources),
    enabled: sources.length > 1,
  });
  const { disagreements } = useChainSafeState();
  const onlyGateway = sources.length === 1 && sources[0]?.kind === 'gateway' ? sources[0] : undefined;
  const compared = sources.length > 1 ? agreement.data : undefined;
  const unread = compared?.answers.filter((answer) => 'error' in answer) ?? [];
  if (!onlyGateway && !compared?.disagreements.length && unread.length === 0 && disagreements.length === 0) {
    return null;
  }
  return (
    <div className={styles.notices}>
      {onlyGateway && (
        <Alert
          tone="info"
          testId="rpc-gateway-only"
          actions={
            <ButtonLink to={paths.settings('network')} size="sm" variant="secondary">
              Set your own RPC
            </ButtonLink>
          }
        >
          This chain is read through the RPC the gateway names, at{' '}
          <span className={styles.host} data-testid="rpc-gateway-host">
            {hostOf(onlyGateway.url)}
          </span>
          . What this page checks on the chain is only as true as that node.
        </Alert>
      )}
      {compared && compared.disagreements.length > 0 && (
        <RpcDisagreement agreement={compared} readThrough={sources[0]} />
      )}
      {unread.map((answer) => (
        <Alert key={answer.source.url} tone="warn" testId="rpc-unread">
          {sourceNames[answer.source.kind]} ({hostOf(answer.source.url)}) could not be compared with the
          others: {'error' in answer ? answer.error : ''}
        </Alert>
      ))}
      <SafeStateDisagreements disagreements={disagreements} />
    </div>
  );
}

function RpcDisagreement({ agreement, readThrough }: { agreement: RpcAgreement; readThrough?: RpcSource }) {
  return (
    <Alert tone="danger" title="Two RPCs disagree about this chain" testId="rpc-disagreement">
      {agreement.block === undefined
        ? 'They do not serve the same chain:'
        : `Asked about block ${agreement.block.toString()}, they answer differently:`}
      <ul className={styles.answers}>
        {agreement.disagreements.map((item) => (
          <li key={item.what} data-testid="rpc-disagreement-item">
            {item.what}
            <ul>
              {item.answers.map((answer) => (
                <li key={answer.source.url}>
                  <SourceName source={answer.source} />: <code>{answer.value}</code>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {readThrough && `Countersign reads through ${inSentence(sourceNames[readThrough.kind])}. `}
      At least one of them is wrong, and this page cannot tell which: find out before you sign.
    </Alert>
  );
}

function SourceName({ source }: { source: RpcSource }) {
  return (
    <>
      {sourceNames[source.kind]} (<span className={styles.host}>{hostOf(source.url)}</span>)
    </>
  );
}

const inSentence = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
