import type { Balance } from '@countersign/gateway-api';
import {
  ArrowUpRightIcon,
  Badge,
  Button,
  ButtonLink,
  EyeIcon,
  EyeOffIcon,
  FiatAmount,
  IconButton,
  PlusIcon,
} from '../../ui';
import { canAddToWallet } from './addToWallet';
import { formatFiatPrice } from './fiatFormat';
import { shortLabel } from './imageSource';
import { TokenAmountExact } from './TokenAmountExact';
import { TokenIcon } from './TokenIcon';
import { tokenId } from './balancesView';
import styles from './BalancesTable.module.css';

type BalancesTableProps = {
  items: Balance[];
  currency: string;
  hiddenTokens: ReadonlySet<string>;
  onHide: (token: string, hide: boolean) => void;
  /** Offered on ERC20 rows when a wallet is connected. */
  onAddToWallet?: (item: Balance) => void;
  /** The token whose Add to wallet request is open. */
  addingToken?: string;
  /** Where the Send form for a token is; undefined for a token that cannot be sent from here. */
  sendPath?: (item: Balance) => string | undefined;
};

/**
 * The Safe's tokens: asset, balance in token units, price, value, and per-token actions. A table
 * with real headers on wide screens; each row a stacked card where the column is narrow.
 */
export function BalancesTable({
  items,
  currency,
  hiddenTokens,
  onHide,
  onAddToWallet,
  addingToken,
  sendPath,
}: BalancesTableProps) {
  return (
    <div className={styles.container}>
      <table className={styles.table} data-testid="balances-table">
        <caption className="visually-hidden">Token balances, highest value first</caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" className={styles.numeric}>
              Balance
            </th>
            <th scope="col" className={styles.numeric}>
              Price
            </th>
            <th scope="col" className={styles.numeric}>
              Value
            </th>
            <th scope="col" className={styles.actionsHeader}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const id = tokenId(item);
            const hidden = hiddenTokens.has(id);
            const { tokenInfo } = item;
            const label = shortLabel(tokenInfo.symbol || tokenInfo.name || 'token');
            const addable = onAddToWallet !== undefined && canAddToWallet(item);
            const send = sendPath?.(item);
            return (
              <tr
                key={id}
                className={hidden ? styles.hiddenRow : undefined}
                data-testid="balance-row"
                data-token={tokenInfo.address}
                data-symbol={tokenInfo.symbol}
              >
                <th scope="row" className={styles.assetCell}>
                  <div className={styles.asset}>
                    <TokenIcon logoUri={tokenInfo.logoUri} symbol={tokenInfo.symbol} name={tokenInfo.name} />
                    <span className={styles.names}>
                      <bdi className={styles.name} data-testid="token-name">
                        {tokenInfo.name || tokenInfo.symbol || 'Unnamed token'}
                      </bdi>
                      <bdi className={styles.symbol} data-testid="token-symbol">
                        {tokenInfo.symbol}
                      </bdi>
                    </span>
                    {hidden && <Badge>Hidden</Badge>}
                  </div>
                </th>
                <td className={styles.numeric} data-label="Balance">
                  <TokenAmountExact
                    value={item.balance}
                    decimals={tokenInfo.decimals}
                    symbol={tokenInfo.symbol}
                    testId="token-balance"
                  />
                </td>
                <td className={styles.numeric} data-label="Price">
                  <span className={styles.price} data-testid="token-price">
                    {formatFiatPrice(item.fiatConversion, currency)}
                  </span>
                </td>
                <td className={styles.numeric} data-label="Value">
                  <FiatAmount value={item.fiatBalance} currency={currency} testId="token-value" />
                </td>
                <td
                  className={
                    addable || send !== undefined ? `${styles.actions} ${styles.actionsWide}` : styles.actions
                  }
                >
                  {send !== undefined && (
                    <ButtonLink
                      to={send}
                      size="sm"
                      variant="ghost"
                      icon={<ArrowUpRightIcon />}
                      data-testid="balance-send"
                    >
                      Send<span className="visually-hidden"> {label}</span>
                    </ButtonLink>
                  )}
                  {addable && (
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<PlusIcon />}
                      onClick={() => onAddToWallet?.(item)}
                      disabled={addingToken !== undefined}
                      aria-busy={addingToken === id}
                      data-testid="add-to-wallet"
                    >
                      {addingToken === id ? 'Adding…' : 'Add to wallet'}
                      <span className="visually-hidden"> ({label})</span>
                    </Button>
                  )}
                  <IconButton
                    label={hidden ? `Show ${label}` : `Hide ${label}`}
                    onClick={() => onHide(id, !hidden)}
                    data-testid={hidden ? 'show-token' : 'hide-token'}
                  >
                    {hidden ? <EyeIcon /> : <EyeOffIcon />}
                  </IconButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
