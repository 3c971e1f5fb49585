import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devnetChain, servicesWrapper, teamSafeAddress } from '../../../testing';
import { tokenFactsQueryOptions } from '../../tx-flow';
import { DAI, daiPermit, DRAINER, openSeaListing, USDC, usdcPermit } from './grantExamples';
import { TokenGrantAlert } from './TokenGrantAlert';

const safe = teamSafeAddress as `0x${string}`;

/** The view with the token contracts' answers already known (the chain is not reached from a unit test). */
function show(typedData: Parameters<typeof TokenGrantAlert>[0]['typedData']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [token, facts] of [
    [USDC, { symbol: 'USDC', decimals: 6 }],
    [DAI, { symbol: 'DAI', decimals: 18 }],
  ] as const)
    queryClient.setQueryData(
      tokenFactsQueryOptions(devnetChain, safe, [token]).queryKey,
      new Map([[token.toLowerCase(), facts]]),
    );
  return render(<TokenGrantAlert typedData={typedData} chain={devnetChain} safeAddress={safe} />, {
    wrapper: servicesWrapper({ queryClient }),
  });
}

describe('TokenGrantAlert', () => {
  it('words a USDC permit in token units, as a caution: bounded in amount and time', () => {
    show({
      ...usdcPermit,
      message: { ...usdcPermit.message, deadline: String(Math.floor(Date.now() / 1000) + 1800) },
    });
    const alert = screen.getByTestId('token-grant');
    expect(alert).toHaveAttribute('role', 'status');
    expect(alert).toHaveTextContent(
      'Signing lets the spender below spend the Safe’s tokens, with no transaction of the Safe',
    );
    expect(within(alert).getByTestId('grant-kind')).toHaveTextContent('EIP-2612 permit');
    expect(within(alert).getByTestId('grant-asset')).toHaveTextContent(/^250 USDC of 0x/);
    expect(within(alert).queryByTestId('grant-risks')).toBeNull();
  });

  it('raises a danger alert for DAI’s unlimited permit that never expires, naming the spender', () => {
    show(daiPermit);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByTestId('grant-spender')).toHaveTextContent(DRAINER.slice(0, 6));
    expect(within(alert).getByTestId('grant-asset')).toHaveTextContent(/^Unlimited DAI of 0x6B17/);
    expect(within(alert).getByTestId('grant-until')).toHaveTextContent('Never expires');
    expect(within(alert).getByTestId('grant-risks')).toHaveTextContent(
      'The amount is unlimited: every such token the Safe holds, now or later.It never expires.',
    );
  });

  it('shows a Seaport listing as a sale to anyone, with what comes back to the Safe', () => {
    show(openSeaListing);
    const alert = screen.getByTestId('token-grant');
    expect(alert).toHaveTextContent(
      'Signing puts the Safe’s tokens up for sale: whoever fills the order takes them',
    );
    expect(within(alert).getByTestId('grant-spender')).toHaveTextContent('Anyone who fills the order');
    expect(within(alert).getByTestId('grant-assets')).toHaveTextContent(
      'Token #8817 of the ERC721 collection',
    );
    expect(within(alert).getByTestId('grant-in-return')).toHaveTextContent('9.75 ETH');
    expect(within(alert).getByTestId('grant-kind')).toHaveTextContent('Seaport order (Seaport 1.6)');
  });

  it('shows nothing for typed data that grants no tokens', () => {
    const { container } = show({
      domain: { name: 'Ether Mail' },
      primaryType: 'Mail',
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      message: { contents: 'Hello' },
    });
    expect(container).toBeEmptyDOMElement();
  });
});
