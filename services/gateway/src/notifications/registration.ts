import type { RegisterDeviceBody } from '@countersign/gateway-api';
import { notificationRegistrationMessage } from '@countersign/safe-core';
import {
  getAddress,
  keccak256,
  recoverAddress,
  recoverMessageAddress,
  stringToBytes,
  type Address,
  type Hex,
} from 'viem';
import type { ChainRegistry } from '../chains/registry';
import { isDelegateOf } from '../delegates/store';
import { badRequest, unprocessable } from '../http/errors';
import { requireChain } from '../http/resolve';
import { requireSafe } from '../safes/requireSafe';
import type { Queryable } from '../store';
import { deviceSigners, type Subscription } from './store';

/** How far a registration's timestamp may be from the gateway's clock, as on the Safe Client Gateway. */
const registrationMaxSkewSeconds = 300;

const unsigned = () =>
  badRequest('A registration needs the signature of an owner or a delegate of each Safe');

/**
 * The subscriptions a registration asks for, each Safe's signers checked: every signature recovers
 * to an owner, or a delegate of an owner, of every Safe it signs for. The timestamp is part of what is
 * signed: without it (or with an old one) a signature seen once could register a device forever.
 */
export async function signedSubscriptions(
  chains: ChainRegistry,
  db: Queryable,
  body: RegisterDeviceBody,
  uuid: string,
): Promise<Subscription[]> {
  if (!body.timestamp) throw badRequest('A registration needs a timestamp');
  const skew = Math.abs(Date.now() / 1000 - Number(body.timestamp));
  if (skew > registrationMaxSkewSeconds) throw badRequest('The signature is expired!');
  if (body.safeRegistrations.length === 0) throw unsigned();
  const subscriptions: Subscription[] = [];
  for (const registration of body.safeRegistrations) {
    const chain = requireChain(chains, registration.chainId);
    const safes = registration.safes.map((safe) => getAddress(safe));
    if (registration.signatures.length === 0) throw unsigned();
    const message = notificationRegistrationMessage({
      timestamp: body.timestamp,
      uuid,
      cloudMessagingToken: body.cloudMessagingToken,
      safes,
    });
    const hash = keccak256(stringToBytes(message));
    const signers: Address[] = [];
    for (const signature of registration.signatures) {
      try {
        // Browsers sign the hash as a message (personal_sign); phones sign it directly.
        signers.push(
          body.deviceType === 'WEB'
            ? await recoverMessageAddress({ message: { raw: hash }, signature: signature as Hex })
            : await recoverAddress({ hash, signature: signature as Hex }),
        );
      } catch {
        throw badRequest('Invalid signature');
      }
    }
    for (const safe of safes) {
      const { owners } = await requireSafe(chain, safe);
      for (const signer of signers) {
        if (
          !owners.includes(signer) &&
          !(await isDelegateOf(db, { chainId: chain.config.chainId, safe, address: signer, owners }))
        )
          throw badRequest('Invalid signature');
      }
      subscriptions.push({ chainId: registration.chainId, safe, signers });
    }
  }
  return subscriptions;
}

/**
 * A device stays with whoever registered it: somebody else knowing its uuid must not take over its
 * token or its Safes, unless a signer it already has signs too.
 */
export async function checkDeviceBinding(
  db: Queryable,
  uuid: string,
  subscriptions: readonly Subscription[],
) {
  const bound = await deviceSigners(db, uuid);
  if (bound.size > 0 && !subscriptions.some((s) => s.signers.some((signer) => bound.has(signer))))
    throw unprocessable('This device is registered by other signers');
}
