import { parseAddressInput } from '../../lib/addressInput';

/**
 * The New Safe form: what the user typed (a draft), the rules each field follows, and the setup it
 * stands for once every rule holds. Plain functions, no React and no viem, so the rules are tested
 * on their own and the page only shows what they say.
 */
export type OwnerDraft = {
  /** Stable across edits and removals: React's key and the errors' key. */
  id: string;
  name: string;
  address: string;
};

/** The Safe versions a new Safe can be made of: 1.4.1 (the default, what most tools know) and 1.5.0. */
export const newSafeVersions = ['1.4.1', '1.5.0'] as const;
export type NewSafeVersion = (typeof newSafeVersions)[number];

export type NewSafeDraft = {
  /** The Safe's name, for the address book and My Safes; may be left empty. */
  name: string;
  owners: OwnerDraft[];
  /** How many owners must confirm a transaction: 1 to the number of owners. */
  threshold: number;
  /** Decimal digits; with the setup it decides the address (CREATE2 salt). */
  saltNonce: string;
  /** Which Safe contracts it is made of (the address depends on it too). */
  version: NewSafeVersion;
};

export type OwnerErrors = { name?: string; address?: string };

export type NewSafeErrors = {
  name?: string;
  /** By owner id. */
  owners: Record<string, OwnerErrors>;
  threshold?: string;
  saltNonce?: string;
};

export type NewSafeSetup = {
  name: string;
  owners: { address: `0x${string}`; name: string }[];
  threshold: number;
  saltNonce: bigint;
  version: NewSafeVersion;
};

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The longest name kept (the address book's limit). */
export const NAME_MAX = 50;
export const MAX_UINT256 = 2n ** 256n - 1n;

/** A name: optional, one line, at most NAME_MAX characters once trimmed. */
export function checkName(input: string): Checked<string> {
  const value = input.trim();
  if (value.length > NAME_MAX) {
    return { ok: false, error: `Names are at most ${NAME_MAX} characters (this one has ${value.length}).` };
  }
  if (/\p{Cc}/u.test(value)) {
    return { ok: false, error: 'The name holds a line break, a tab or another control character.' };
  }
  return { ok: true, value };
}

/** An owner's address as typed (see `parseAddressInput`); the Safe refuses 0x0 and 0x…1 as owners. */
export function checkOwnerAddress(input: string, shortName: string | undefined): Checked<`0x${string}`> {
  const parsed = parseAddressInput(input, {
    shortName,
    empty: "Enter the owner's address.",
    thisChain: 'the chosen one',
  });
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (/^0x0{39}[01]$/.test(parsed.value)) {
    return { ok: false, error: 'The zero address and 0x…0001 cannot be owners.' };
  }
  return parsed;
}

/** The salt nonce: a whole decimal number from 0 to 2²⁵⁶ − 1. */
export function checkSaltNonce(input: string): Checked<bigint> {
  const value = input.trim();
  if (value === '') return { ok: false, error: 'Enter a salt nonce, or pick a random one.' };
  if (!/^[0-9]+$/.test(value)) {
    return { ok: false, error: 'The salt nonce is a whole decimal number: digits 0 to 9 only.' };
  }
  const nonce = BigInt(value);
  if (nonce > MAX_UINT256) return { ok: false, error: 'The salt nonce is larger than 2²⁵⁶ − 1.' };
  return { ok: true, value: nonce };
}

export function checkThreshold(threshold: number, ownerCount: number): Checked<number> {
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > ownerCount) {
    return {
      ok: false,
      error:
        ownerCount === 1
          ? 'With one owner, the threshold is 1.'
          : `Choose a threshold from 1 to ${ownerCount}.`,
    };
  }
  return { ok: true, value: threshold };
}

/** The threshold kept within 1 to the number of owners, after owners are added or removed. */
export function clampThreshold(threshold: number, ownerCount: number): number {
  return Math.min(Math.max(1, Math.trunc(threshold) || 1), Math.max(1, ownerCount));
}

/** Every rule over the whole draft: the setup it stands for, or each field's error. */
export function checkNewSafe(
  draft: NewSafeDraft,
  shortName: string | undefined,
): { ok: true; value: NewSafeSetup } | { ok: false; errors: NewSafeErrors } {
  const errors: NewSafeErrors = { owners: {} };
  const name = checkName(draft.name);
  if (!name.ok) errors.name = name.error;

  const owners: NewSafeSetup['owners'] = [];
  /** Where each address was first listed (1-based), lower-cased. */
  const seen = new Map<string, number>();
  draft.owners.forEach((owner, index) => {
    const ownerErrors: OwnerErrors = {};
    const ownerName = checkName(owner.name);
    if (!ownerName.ok) ownerErrors.name = ownerName.error;
    const address = checkOwnerAddress(owner.address, shortName);
    if (!address.ok) {
      ownerErrors.address = address.error;
    } else {
      const first = seen.get(address.value.toLowerCase());
      if (first !== undefined) {
        ownerErrors.address = `Owner ${first} already has this address: each owner is listed once.`;
      } else {
        seen.set(address.value.toLowerCase(), index + 1);
      }
    }
    if (ownerErrors.name !== undefined || ownerErrors.address !== undefined) {
      errors.owners[owner.id] = ownerErrors;
    } else if (address.ok && ownerName.ok) {
      owners.push({ address: address.value, name: ownerName.value });
    }
  });

  const threshold = checkThreshold(draft.threshold, draft.owners.length);
  if (draft.owners.length === 0) errors.threshold = 'Add at least one owner.';
  else if (!threshold.ok) errors.threshold = threshold.error;

  const saltNonce = checkSaltNonce(draft.saltNonce);
  if (!saltNonce.ok) errors.saltNonce = saltNonce.error;

  if (hasErrors(errors) || !name.ok || !threshold.ok || !saltNonce.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: name.value,
      owners,
      threshold: threshold.value,
      saltNonce: saltNonce.value,
      version: newSafeVersions.includes(draft.version) ? draft.version : '1.4.1',
    },
  };
}

export function hasErrors(errors: NewSafeErrors): boolean {
  return (
    errors.name !== undefined ||
    errors.threshold !== undefined ||
    errors.saltNonce !== undefined ||
    Object.keys(errors.owners).length > 0
  );
}

/**
 * A random salt nonce: 64 random bits, written in decimal. Random rather than a counter so two
 * Safes with the same owners and threshold do not collide, and short enough to read back.
 */
export function randomSaltNonce(
  fill: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = fill(new Uint8Array(8));
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value.toString(10);
}

let nextOwnerId = 0;

/** A new empty owner row (or one filled with `address`). */
function newOwner(address = '', name = ''): OwnerDraft {
  nextOwnerId += 1;
  return { id: `owner-${nextOwnerId}`, name, address };
}

export function initialDraft(saltNonce: string = randomSaltNonce()): NewSafeDraft {
  return { name: '', owners: [newOwner()], threshold: 1, saltNonce, version: '1.4.1' };
}
