import { ADDRESS_INPUT_TEXTS, readAddressText } from './address';

// Apart from address.ts, which the first screen loads: only the lazily loaded forms read typed input.
/**
 * What can be wrong with an address as typed. Fields word `empty` and `format` in their own terms
 * (the address book's import names the column); the rest is said the same everywhere.
 */
export type AddressInputProblem = 'empty' | 'format' | 'checksum' | 'otherChain';

export type AddressInputResult =
  { ok: true; value: `0x${string}` } | { ok: false; problem: AddressInputProblem; error: string };

export type AddressInputOptions = {
  /** This chain's short name: `shortName:0x…`, as Safe links write addresses, reads for it only. */
  shortName?: string;
  /** What to enter, said when the field is empty. */
  empty?: string;
  /** How an address is written, said when the text is not one. */
  format?: string;
  /** Names this chain when no short name is known yet. */
  thisChain?: string;
  /** False where a prefix cannot belong (a file's address column): `eth:0x…` is then no address. */
  prefixed?: boolean;
};

/** Chain short names as the chain registry writes them: eth, gno, arb1, base-sep, zksync… */
const PREFIXED = /^([A-Za-z0-9][A-Za-z0-9._-]*):(.*)$/;

/** The one reading of an address typed in a field: trimmed, optionally `shortName:0x…`, checksummed. */
export function parseAddressInput(input: string, options: AddressInputOptions = {}): AddressInputResult {
  const { shortName, thisChain = 'this one' } = options;
  let text = input.trim();
  if (text === '') return { ok: false, problem: 'empty', error: options.empty ?? ADDRESS_INPUT_TEXTS.empty };
  const prefixed = options.prefixed === false ? null : PREFIXED.exec(text);
  if (prefixed !== null) {
    const [, prefix = '', rest = ''] = prefixed;
    if (shortName === undefined || prefix.toLowerCase() !== shortName.toLowerCase())
      return {
        ok: false,
        problem: 'otherChain',
        error: `This address is for the chain "${prefix.slice(0, 20)}", not ${shortName ?? thisChain}.`,
      };
    text = rest.trim();
  }
  const read = readAddressText(text);
  if (read.ok) return read;
  return read.problem === 'format'
    ? { ok: false, problem: 'format', error: options.format ?? ADDRESS_INPUT_TEXTS.format }
    : { ok: false, problem: 'checksum', error: ADDRESS_INPUT_TEXTS.checksum };
}
