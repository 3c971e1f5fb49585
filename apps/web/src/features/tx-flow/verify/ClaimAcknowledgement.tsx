import styles from './Verification.module.css';

/**
 * The separate, explicit step signing takes when the gateway's description of a transaction
 * contradicts its bytes: the owner states that they sign what the bytes do.
 */
export function ClaimAcknowledgement({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={styles.acknowledge}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        data-testid="claim-acknowledge"
      />
      I have read what the bytes do, which is not what the gateway says, and I mean to sign exactly that.
    </label>
  );
}
