import { describe, expect, it } from 'vitest';
import { isAddressEqual, type Address } from 'viem';
import { addressSuggestions } from './addressSuggestions';

const DAVE: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const DANA: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const OWNER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const NAMED_OWNER: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const SAFE: Address = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';

const book = {
  [DAVE]: 'Dave',
  [DANA]: 'Old Dana',
  [OWNER]: 'Carol (laptop)',
  [SAFE]: 'Team Safe',
};
const owners = [
  { value: OWNER.toLowerCase(), name: 'Gateway name' },
  { value: NAMED_OWNER, name: 'Ledger of Dan' },
];
const suggest = (text: string, accepts: (address: Address) => boolean = () => true) =>
  addressSuggestions({ text, book, owners, accepts });

describe('addressSuggestions', () => {
  it('finds names holding the text in any letter case, those starting with it first', () => {
    expect(suggest('da')).toEqual([
      { address: DAVE, name: 'Dave', owner: false },
      { address: NAMED_OWNER, name: 'Ledger of Dan', owner: true },
      { address: DANA, name: 'Old Dana', owner: false },
    ]);
  });

  it('names an owner by the address book over the gateway, and marks it', () => {
    expect(suggest('CAROL')).toEqual([{ address: OWNER, name: 'Carol (laptop)', owner: true }]);
    expect(suggest('gateway')).toEqual([]);
  });

  it('leaves out what the field would not take', () => {
    const names = suggest('', (address) => !isAddressEqual(address, SAFE)).map((entry) => entry.name);
    expect(names).toEqual(['Carol (laptop)', 'Dave', 'Ledger of Dan', 'Old Dana']);
  });

  it('offers nothing for an address typed whole', () => {
    expect(suggest(DAVE.toLowerCase())).toEqual([]);
    expect(suggest(`local:${DAVE}`)).toEqual([]);
    expect(suggest('nobody')).toEqual([]);
  });
});
