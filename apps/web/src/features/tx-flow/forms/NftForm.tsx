import { useState, type ReactNode } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { Collectible, CollectiblePage } from '@countersign/gateway-api';
import { useGateway } from '../../../lib/ServicesProvider';
import { Alert, ButtonLink, EmptyState, LoadMore, QueryView, RemoteImage, SelectField } from '../../../ui';
import { collectiblesQueryOptions } from '../../assets';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { nftTransferAction } from './actions';
import { checkRecipient, tokenText } from './checks';
import { AddressField } from './fields';
import { built, notBuilt, TxForm } from './TxForm';
import { useErrorDisplay } from './useErrorDisplay';
import styles from './Forms.module.css';

const nftKey = (contract: string, tokenId: string) => `${contract.toLowerCase()}:${tokenId}`;

/** Every NFT loaded so far, once each (a later page may repeat one). */
function loadedNfts(data: InfiniteData<CollectiblePage> | undefined): Collectible[] {
  const seen = new Set<string>();
  return (data?.pages ?? [])
    .flatMap((page) => page.results)
    .filter((item) => {
      const key = nftKey(item.address, item.id);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The collection as the forms write it: its symbol, else its name (both are the token's own words). */
const collectionText = (item: Collectible) => tokenText(item.tokenSymbol || item.tokenName, 'NFT');

/** Send an NFT: an ERC-721 token from the Safe's collectibles (loaded page by page), to one recipient. */
export function NftForm({
  onReview,
  initial,
}: {
  onReview: (draft: TxDraft) => void;
  /** The `contract` and `id` link parameters: the NFT to start with. */
  initial: { contract?: string; id?: string };
}) {
  const { chain, address, paths } = useSafe();
  const query = useInfiniteQuery(collectiblesQueryOptions(useGateway(), chain.chainId, address));
  return (
    <QueryView
      query={query}
      loadingLabel="Loading the Safe’s collectibles"
      errorTitle="The collectibles could not be loaded"
      isEmpty={(data) => loadedNfts(data).length === 0}
      empty={
        <EmptyState
          title="The Safe holds no NFTs"
          action={<ButtonLink to={paths.collectibles}>See the collectibles</ButtonLink>}
          testId="nft-empty"
        >
          ERC-721 tokens sent to this Safe can be sent on from here.
        </EmptyState>
      }
    >
      {(data) => (
        <NftFields
          nfts={loadedNfts(data)}
          initial={initial}
          onReview={onReview}
          more={
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              error={query.isFetchNextPageError ? 'The next collectibles could not be loaded.' : undefined}
              onLoad={() => void query.fetchNextPage()}
              label="Load more NFTs"
            />
          }
        />
      )}
    </QueryView>
  );
}

function NftFields({
  nfts,
  initial,
  onReview,
  more,
}: {
  nfts: Collectible[];
  initial: { contract?: string; id?: string };
  onReview: (draft: TxDraft) => void;
  more: ReactNode;
}) {
  const { address: safe, chain } = useSafe();
  const display = useErrorDisplay();
  const linked = initial.contract && initial.id ? nftKey(initial.contract, initial.id) : undefined;
  const first = nfts[0];
  const [selected, setSelected] = useState(() => linked ?? (first ? nftKey(first.address, first.id) : ''));
  const [recipient, setRecipient] = useState('');
  const nft = nfts.find((item) => nftKey(item.address, item.id) === selected);
  const checkedRecipient = checkRecipient(recipient, safe, chain.shortName);

  const build = () => {
    if (!checkedRecipient.ok || nft === undefined) return notBuilt();
    const action = nftTransferAction(
      { contract: nft.address as Address, tokenId: nft.id, collection: collectionText(nft) },
      safe,
      checkedRecipient.value,
    );
    return action.ok ? built(action.value) : notBuilt(action.error);
  };

  return (
    <TxForm title="Send NFT" build={build} onReview={onReview} display={display} testId="nft-form">
      {linked !== undefined && nft === undefined && selected === linked && (
        <Alert tone="warn" testId="nft-linked-missing">
          The NFT in the link is not among the collectibles loaded so far. Load more, or choose another.
        </Alert>
      )}
      <SelectField
        label="NFT"
        value={nft === undefined ? '' : selected}
        onChange={(event) => setSelected(event.target.value)}
        error={display.error('nft', nft === undefined ? 'Choose the NFT to send.' : undefined)}
        hint={nft && <NftPreview nft={nft} />}
        testId="nft-select"
      >
        {nft === undefined && <option value="">Choose…</option>}
        {nfts.map((item) => (
          <option key={nftKey(item.address, item.id)} value={nftKey(item.address, item.id)}>
            {collectionText(item)} #{item.id}
            {item.name ? ` · ${tokenText(item.name, '')}` : ''}
          </option>
        ))}
      </SelectField>
      {more}
      <AddressField
        name="recipient"
        label="Recipient"
        value={recipient}
        onChange={setRecipient}
        checked={checkedRecipient}
        display={display}
        testId="nft-recipient"
      />
    </TxForm>
  );
}

function NftPreview({ nft }: { nft: Collectible }) {
  return (
    <span className={styles.nftPreview} data-testid="nft-preview">
      <RemoteImage src={nft.imageUri ?? nft.logoUri} size={48} />
      <span className={styles.nftText}>
        <bdi>{nft.name ?? `#${nft.id}`}</bdi>
        <bdi className={styles.muted}>
          {nft.tokenName} · {nft.address}
        </bdi>
      </span>
    </span>
  );
}
