import { encodeAbiParameters, encodeErrorResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  buildSafeTx,
  decodeRevertReason,
  hashSafeTx,
  normalizeTypedData,
  readSimulation,
  safeMessageContentHash,
  safeTxHashes,
  versionAtLeast,
} from '../src';

const safe = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const tx = buildSafeTx({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 5n, nonce: 8n });

describe('the hashes a hardware wallet shows', () => {
  it('joins the domain and message hashes into the safeTxHash viem computes', () => {
    const hashes = safeTxHashes({ chainId: 1337, safe, tx, version: '1.4.1' });
    expect(hashes.safeTxHash).toBe(hashSafeTx({ chainId: 1337, safe, tx }));
    expect(hashes.domainHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(hashes.messageHash).not.toBe(hashes.domainHash);
  });

  it('leaves the chain id out of the domain before Safe 1.3.0', () => {
    const old = safeTxHashes({ chainId: 1337, safe, tx, version: '1.2.0' });
    const current = safeTxHashes({ chainId: 1337, safe, tx, version: '1.3.0+L2' });
    expect(old.domainHash).not.toBe(current.domainHash);
    expect(old.messageHash).toBe(current.messageHash);
  });

  it('compares versions', () => {
    expect(versionAtLeast('1.4.1', '1.3.0')).toBe(true);
    expect(versionAtLeast('1.2.0', '1.3.0')).toBe(false);
    expect(versionAtLeast('1.3.0+L2', '1.3.0')).toBe(true);
    expect(versionAtLeast(null, '1.3.0')).toBe(true);
  });
});

describe('reading a simulation', () => {
  const revertWith = (accessorOk: boolean, response: `0x${string}`) =>
    `${encodeAbiParameters([{ type: 'bool' }, { type: 'uint256' }], [accessorOk, BigInt((response.length - 2) / 2)])}${response.slice(2)}` as `0x${string}`;
  const errorAbi = parseAbi(['error Error(string message)', 'error Panic(uint256 code)']);

  it('reports success and gas used', () => {
    const response = encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'bool' }, { type: 'bytes' }],
      [31_000n, true, '0x'],
    );
    expect(readSimulation(revertWith(true, response))).toEqual({
      ok: true,
      success: true,
      gasUsed: 31_000n,
      returnData: '0x',
    });
  });

  it('reports a failing call with its revert reason', () => {
    const reason = encodeErrorResult({
      abi: errorAbi,
      errorName: 'Error',
      args: ['ERC20: transfer amount exceeds balance'],
    });
    const response = encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'bool' }, { type: 'bytes' }],
      [28_000n, false, reason],
    );
    expect(readSimulation(revertWith(true, response))).toMatchObject({
      ok: true,
      success: false,
      revertReason: 'ERC20: transfer amount exceeds balance',
    });
  });

  it('words panics and unknown revert data', () => {
    expect(decodeRevertReason(encodeErrorResult({ abi: errorAbi, errorName: 'Panic', args: [17n] }))).toBe(
      'panic: arithmetic overflow or underflow',
    );
    expect(decodeRevertReason('0x')).toBe('reverted without a reason');
    expect(decodeRevertReason('0xdeadbeef')).toBe('reverted with data 0xdeadbeef');
  });

  it('says when the simulation itself could not run', () => {
    expect(readSimulation('0x')).toEqual({ ok: false, error: 'The simulation returned no result.' });
    expect(readSimulation(revertWith(false, '0x'))).toEqual({
      ok: false,
      error: 'The simulation could not run: reverted without a reason',
    });
  });
});

describe('typed data as wallets sign it', () => {
  const typed = {
    domain: { name: 'Demo', version: '1', chainId: 1337, verifyingContract: safe },
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message: { contents: 'hello' },
  } as const;

  it('reads a chainId sent as a string as its number, and derives the domain type', () => {
    const expected = safeMessageContentHash(typed);
    const asString = { ...typed, domain: { ...typed.domain, chainId: '1337' } };
    const asHex = { ...typed, domain: { ...typed.domain, chainId: '0x539' } };
    const withListedDomain = {
      ...typed,
      types: {
        ...typed.types,
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
      },
    };
    for (const variant of [asString, asHex, withListedDomain]) {
      expect(safeMessageContentHash(variant as unknown as Parameters<typeof safeMessageContentHash>[0])).toBe(
        expected,
      );
    }
    expect(normalizeTypedData(asString as never).domain).toEqual({ ...typed.domain, chainId: 1337n });
  });
});
