import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import * as z from 'zod/mini';
import { checkedText } from '../../../lib/formSchema';
import { err, ok } from '../../../lib/result';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Address } from 'viem';
import type { Collectible, CollectiblePage } from '@countersign/gateway-api';
import { useGateway } from '../../../lib/ServicesProvider';
import { Alert, ButtonLink, EmptyState, LoadMore, QueryView, RemoteImage, SelectField } from '../../../ui';
import { shownError, useSchemaForm } from '../../../ui/schemaForm';
import { collectiblesQueryOptions } from '../../assets';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { nftTransferAction } from './actions';
import { checkRecipient, tokenText } from './checks';
import { AddressField } from './fields';
import { TxForm } from './TxForm';
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
  const linked = initial.contract && initial.id ? nftKey(initial.contract, initial.id) : undefined;
  const first = nfts[0];
  const checkRecipientHere = (input: string) => checkRecipient(input, safe, chain.shortName);
  const schema = z.object({
    nft: checkedText((key) => {
      const chosen = nfts.find((item) => nftKey(item.address, item.id) === key);
      return chosen ? ok(chosen) : err('Choose the NFT to send.');
    }),
    recipient: checkedText(checkRecipientHere),
  });
  const form = useSchemaForm(schema, {
    nft: linked ?? (first ? nftKey(first.address, first.id) : ''),
    recipient: '',
  });
  // Held by the form, not read back from the select: a linked NFT not loaded yet has no option.
  const {
    field: { value: selected, onChange: choose, onBlur: leave },
  } = useController({ control: form.control, name: 'nft' });
  const nft = nfts.find((item) => nftKey(item.address, item.id) === selected);

  const build = (values: z.output<typeof schema>) =>
    nftTransferAction(
      {
        contract: values.nft.address as Address,
        tokenId: values.nft.id,
        collection: collectionText(values.nft),
      },
      safe,
      values.recipient,
    );

  return (
    <TxForm title="Send NFT" form={form} build={build} onReview={onReview} testId="nft-form">
      {linked !== undefined && nft === undefined && selected === linked && (
        <Alert tone="warn" testId="nft-linked-missing">
          The NFT in the link is not among the collectibles loaded so far. Load more, or choose another.
        </Alert>
      )}
      <SelectField
        label="NFT"
        onBlur={leave}
        onChange={(event) => choose(event.target.value)}
        value={nft === undefined ? '' : selected}
        error={shownError(form, 'nft')}
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
        form={form}
        name="recipient"
        label="Recipient"
        check={checkRecipientHere}
        recipient
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
