import { describe, expect, it } from 'vitest';
import { keccak256, recoverMessageAddress, stringToBytes, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { registerDeviceBodySchema } from '@countersign/gateway-api';
import { registrationBody, registrationHash, registrationTimestamp } from './registration';

// anvil's owner A: a well-known development key.
const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const safe: Address = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const uuid = '5dcd7420-6c43-4d59-a528-d22bde57734b';
const token = 'countersign-no-push-service-042968ba-f530-4ea6-adac-7c97f58cfe89';
const app = { bundle: '@countersign/web', version: '0.1.0', buildNumber: '0.1.0' };

describe('notification registration', () => {
  it('times the registration in Unix seconds', () => {
    expect(registrationTimestamp(1_795_446_335_999)).toBe('1795446335');
  });

  it('hashes "gnosis-safe" + timestamp + uuid + token + the Safes sorted', () => {
    const other: Address = '0x5cE21AB6a5D80b3F543752A54beee9eA80fEC7d4';
    expect(
      registrationHash({ timestamp: '1795446335', uuid, cloudMessagingToken: token, safes: [safe, other] }),
    ).toBe(keccak256(stringToBytes(`gnosis-safe1795446335${uuid}${token}${other}${safe}`)));
  });

  it('builds the body the gateway expects, signed so that it recovers the owner as a WEB device', async () => {
    const timestamp = '1795446335';
    const hash = registrationHash({ timestamp, uuid, cloudMessagingToken: token, safes: [safe] });
    const signature = await owner.signMessage({ message: { raw: hash } });
    const body = registrationBody({
      uuid,
      cloudMessagingToken: token,
      timestamp,
      chainId: '1337',
      safes: [safe],
      signatures: [signature],
      app,
    });
    expect(body).toEqual({
      uuid,
      cloudMessagingToken: token,
      buildNumber: '0.1.0',
      bundle: '@countersign/web',
      deviceType: 'WEB',
      version: '0.1.0',
      timestamp,
      safeRegistrations: [{ chainId: '1337', safes: [safe], signatures: [signature] }],
    });
    expect(registerDeviceBodySchema.safeParse(body).success).toBe(true);
    // As the gateway checks it: personal_sign over the raw hash.
    expect(await recoverMessageAddress({ message: { raw: hash }, signature })).toBe(owner.address);
  });
});
