import {
  concat,
  getTypesForEIP712Domain,
  hashDomain,
  hashStruct,
  type Hex,
  type TypedDataDefinition,
  type TypedDataDomain,
} from 'viem';

/**
 * The bytes an EIP-712 hash is the keccak256 of: 0x1901 ‖ domainSeparator ‖ hashStruct(message).
 * Safe 1.4.1 hands exactly these to a contract owner's isValidSignature(bytes, bytes).
 */
export function typedDataPreimage(definition: TypedDataDefinition): Hex {
  const {
    domain = {},
    message,
    primaryType,
  } = definition as {
    domain?: TypedDataDomain;
    message: Record<string, unknown>;
    primaryType: string;
  };
  const types = {
    EIP712Domain: getTypesForEIP712Domain({ domain }),
    ...(definition.types as Record<string, unknown>),
  };
  return concat([
    '0x1901',
    // viem types these against literal type maps; ours are only known at run time.
    hashDomain({ domain, types } as Parameters<typeof hashDomain>[0]),
    hashStruct({ data: message, primaryType, types } as Parameters<typeof hashStruct>[0]),
  ]);
}
