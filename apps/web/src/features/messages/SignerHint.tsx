import { Address, Button } from '../../ui';
import { useSigner } from '../safe';
import { useSignerService } from '../wallet';
import styles from './Signing.module.css';

export type OwnerAccount = {
  /** The connected account, if any. */
  account: string | undefined;
  isOwner: boolean;
  /** The wallet is still reconnecting (a reload with a linked wallet). */
  settling: boolean;
};

/** The connected account, and whether it owns the Safe on screen: the signer model every flow uses. */
export function useOwnerAccount(): OwnerAccount {
  const signer = useSigner();
  return {
    account: 'address' in signer ? signer.address : undefined,
    isOwner: signer.kind === 'owner',
    settling: signer.kind === 'settling',
  };
}

/**
 * Who would sign, and why they can or cannot: no wallet (with a way to connect one), an account that
 * is not an owner, or an owner.
 */
export function SignerHint({
  signer,
  action,
  onChain = false,
}: {
  signer: OwnerAccount;
  action: string;
  /** The owner chose to sign through a Safe transaction: it costs gas, once executed. */
  onChain?: boolean;
}) {
  const { requestRuntime } = useSignerService();
  if (signer.account === undefined) {
    return (
      <div className={styles.inline} data-testid="signer-hint">
        <p className={styles.hint}>
          {signer.settling
            ? 'Reconnecting your wallet…'
            : `An owner ${action}: connect an owner’s wallet first.`}
        </p>
        {!signer.settling && (
          <Button size="sm" onClick={() => requestRuntime({ open: true })} data-testid="signer-connect">
            Connect wallet
          </Button>
        )}
      </div>
    );
  }
  if (!signer.isOwner) {
    return (
      <p className={styles.hint} data-testid="signer-not-owner">
        The connected account <Address address={signer.account} identiconSize={16} /> is not an owner of this
        Safe, so it cannot sign for it: the Safe counts owners’ signatures only, and the gateway refuses
        others. Switch to an owner’s account in your wallet.
      </p>
    );
  }
  return (
    <p className={styles.hint} data-testid="signer-owner">
      You sign as <Address address={signer.account} identiconSize={16} />, an owner of this Safe.{' '}
      {onChain
        ? 'Signed on chain, the message becomes a Safe transaction: whoever executes it pays the gas.'
        : 'Signing costs nothing and sends no transaction.'}
    </p>
  );
}
