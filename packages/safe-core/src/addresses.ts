import type { Address } from 'viem';

/** The Safe 1.4.1 deployment at its canonical (CREATE2 via the singleton factory) addresses. */
export const safe141 = {
  version: '1.4.1',
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safe: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  signMessageLib: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
  createCall: '0x9b35Af71d77eaf8d7e40252370304687390A1A52',
  simulateTxAccessor: '0x3d4BA2E0884aa488718476ca2FB8Efc291A46199',
} as const satisfies Record<string, string>;

export type Safe141ContractName = Exclude<keyof typeof safe141, 'version'>;

/** What @safe-global/safe-deployments calls each contract (its `assets/v1.4.1/<name>.json` files). */
export const safe141DeploymentNames: Record<Safe141ContractName, string> = {
  safeL2: 'safe_l2',
  safe: 'safe',
  safeProxyFactory: 'safe_proxy_factory',
  compatibilityFallbackHandler: 'compatibility_fallback_handler',
  multiSend: 'multi_send',
  multiSendCallOnly: 'multi_send_call_only',
  signMessageLib: 'sign_message_lib',
  createCall: 'create_call',
  simulateTxAccessor: 'simulate_tx_accessor',
};

/**
 * The Safe 1.5.0 contracts at their canonical addresses (CREATE2 through the Safe singleton factory,
 * as @safe-global/safe-deployments records them). 1.5.0 adds module guards, ERC-4337-friendly
 * fallback handling and SafeToL2Setup; its SafeMigration moves 1.3.0 and 1.4.1 Safes to it.
 */
export const safe150 = {
  version: '1.5.0',
  safeL2: '0xEdd160fEBBD92E350D4D398fb636302fccd67C7e',
  safe: '0xFf51A5898e281Db6DfC7855790607438dF2ca44b',
  safeProxyFactory: '0x14F2982D601c9458F93bd70B218933A6f8165e7b',
  compatibilityFallbackHandler: '0x3EfCBb83A4A7AfcB4F68D501E2c2203a38be77f4',
  multiSend: '0x218543288004CD07832472D464648173c77D7eB7',
  multiSendCallOnly: '0xA83c336B20401Af773B6219BA5027174338D1836',
  signMessageLib: '0x4FfeF8222648872B3dE295Ba1e49110E61f5b5aa',
  createCall: '0x2Ef5ECfbea521449E4De05EDB1ce63B75eDA90B4',
  simulateTxAccessor: '0x07EfA797c55B5DdE3698d876b277aBb6B893654C',
  safeMigration: '0x6439e7ABD8Bb915A5263094784C5CF561c4172AC',
  safeToL2Setup: '0x900C7589200010D6C6eCaaE5B06EBe653bc2D82a',
  extensibleFallbackHandler: '0x85a8ca358D388530ad0fB95D0cb89Dd44Fc242c3',
  tokenCallbackHandler: '0x54e86d004d71a8D2112ec75FaCE57D730b0433F3',
} as const satisfies Record<string, string>;

export type Safe150ContractName = Exclude<keyof typeof safe150, 'version'>;

/** What @safe-global/safe-deployments calls each 1.5.0 contract (its `assets/v1.5.0/<name>.json`). */
export const safe150DeploymentNames: Record<Safe150ContractName, string> = {
  safeL2: 'safe_l2',
  safe: 'safe',
  safeProxyFactory: 'safe_proxy_factory',
  compatibilityFallbackHandler: 'compatibility_fallback_handler',
  multiSend: 'multi_send',
  multiSendCallOnly: 'multi_send_call_only',
  signMessageLib: 'sign_message_lib',
  createCall: 'create_call',
  simulateTxAccessor: 'simulate_tx_accessor',
  safeMigration: 'safe_migration',
  safeToL2Setup: 'safe_to_l2_setup',
  extensibleFallbackHandler: 'extensible_fallback_handler',
  tokenCallbackHandler: 'token_callback_handler',
};

/**
 * The Safe 1.3.0 contracts a 1.3.0 Safe is made of, at their canonical addresses (CREATE2 through the
 * deterministic-deployment proxy with a zero salt). Only what creating and running one needs: the
 * app's own transactions use the 1.4.1 libraries.
 */
export const safe130 = {
  version: '1.3.0',
  safeL2: '0x3E5c63644E683549055b9Be8653de26E0B4CD36E',
  safe: '0xd9Db270c1B5E3Bd161E8c8503c55cEABeE709552',
  safeProxyFactory: '0xa6B71E26C5e0845f74c812102Ca7114b6a896AB2',
  compatibilityFallbackHandler: '0xf48f2B2d2a534e402487b3ee7C18c33Aec0Fe5e4',
} as const satisfies Record<string, string>;

/**
 * The 1.3.0 singletons' EIP-155 deployment (safe-deployments `v1.3.0`, `eip155`): the same code at
 * other addresses, on chains where the canonical deployer could not run.
 */
export const safe130Eip155Singletons = {
  safe: '0x69f4D1788e39c87893C980c06EdF4b7f686e2938',
  safeL2: '0xfb1bffC9d739B8D520DaF37dF666da4C687191EA',
} as const satisfies Record<string, Address>;

export type Safe130ContractName = Exclude<keyof typeof safe130, 'version'>;

/** What @safe-global/safe-deployments calls each contract (its `assets/v1.3.0/<name>.json` files). */
export const safe130DeploymentNames: Record<Safe130ContractName, string> = {
  safeL2: 'gnosis_safe_l2',
  safe: 'gnosis_safe',
  safeProxyFactory: 'proxy_factory',
  compatibilityFallbackHandler: 'compatibility_fallback_handler',
};

/**
 * SafeMigration 1.4.1 (safe-deployments `v1.4.1/safe_migration.json`, canonical): delegatecalled by a
 * Safe 1.3.0, it points the Safe at Safe or SafeL2 1.4.1 and, if asked, sets the 1.4.1 fallback handler.
 */
export const safeMigration141Address: Address = '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6';

/** Where the singleton factory lives on every chain it was deployed to. */
export const singletonFactoryAddress: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7';

/** The canonical Multicall3 address; viem batches reads through whatever sits here. */
export const multicall3Address: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Head (and tail) of the Safe's owner and module linked lists. */
export const sentinelAddress: Address = '0x0000000000000000000000000000000000000001';

export const zeroAddress: Address = '0x0000000000000000000000000000000000000000';
