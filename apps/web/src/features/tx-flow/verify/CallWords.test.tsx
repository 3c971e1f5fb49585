import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { teamSafeAddress } from '../../../testing';
import { KnownAddressNamesProvider } from '../../../ui';
import { AddressBookNames, setAddressName } from '../../address-book';
import { describeCall } from './actionWords';
import { NamedWords } from './CallWords';

const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

describe('NamedWords', () => {
  it('names the recipient of a payment after its address in the sentence, from the address book', () => {
    setAddressName('1337', DAVE, 'Dave');
    const words = describeCall(
      { to: DAVE, value: parseEther('1'), data: '0x', operation: 0 },
      { safe: teamSafeAddress, native: { symbol: 'ETH', decimals: 18 } },
    );
    render(
      <AddressBookNames chainId="1337">
        <p data-testid="sentence">
          <NamedWords text={words} safe={teamSafeAddress} />
        </p>
      </AddressBookNames>,
    );
    expect(words).toBe(`Send 1 ETH to ${DAVE}`);
    expect(screen.getByTestId('sentence')).toHaveTextContent(`Send 1 ETH to ${DAVE} (Dave)`);
    expect(screen.getByTestId('call-address-name')).toHaveTextContent('Dave');
  });

  it("does not take a name from the token list: the review's names are the user's own", () => {
    render(
      <KnownAddressNamesProvider lookup={() => 'Dev Dollar'}>
        <NamedWords text={`Call ${DAVE}`} safe={teamSafeAddress} />
      </KnownAddressNamesProvider>,
    );
    expect(screen.queryByTestId('call-address-name')).toBeNull();
  });
});
