/**
 * Typed data as dapps send it to a wallet's eth_signTypedData_v4, for the tests: shapes from the
 * standards and the dapps' own requests, addresses as on mainnet.
 */
import type { TypedData } from '@countersign/gateway-api';

export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
export const UNIVERSAL_ROUTER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
export const SAFE = '0x5afE3855358E112B5647B952709E6165e1c1eEEe';
export const SEAPORT_16 = '0x0000000000000068F116a894984e2DB1123eB395';
export const OPENSEA_FEES = '0x0000a26b00c1F0DF003000390027140000fAa719';
export const DRAINER = '0x00000000000000000000000000000000DeaDBeef';
const maxUint160 = (2n ** 160n - 1n).toString();
export const maxUint256 = (2n ** 256n - 1n).toString();
export const now = 1_767_225_600n; // 2026-01-01

const domainType = (...names: string[]) =>
  names.map((name) => ({
    name,
    type: name === 'chainId' ? 'uint256' : name === 'verifyingContract' ? 'address' : 'string',
  }));

export const usdcPermit: TypedData = {
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
  primaryType: 'Permit',
  types: {
    EIP712Domain: domainType('name', 'version', 'chainId', 'verifyingContract'),
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  message: {
    owner: SAFE,
    spender: UNIVERSAL_ROUTER,
    value: '250000000',
    nonce: '0',
    deadline: String(now + 1800n),
  },
};

export const daiPermit: TypedData = {
  domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: DAI },
  primaryType: 'Permit',
  types: {
    EIP712Domain: domainType('name', 'version', 'chainId', 'verifyingContract'),
    Permit: [
      { name: 'holder', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'expiry', type: 'uint256' },
      { name: 'allowed', type: 'bool' },
    ],
  },
  message: { holder: SAFE, spender: DRAINER, nonce: 3, expiry: 0, allowed: true },
};

const permitDetails = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
];

/** What Uniswap's interface asks before a swap: Permit2 may let the router spend the token. */
export const uniswapPermitSingle: TypedData = {
  domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
  primaryType: 'PermitSingle',
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitSingle: [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: permitDetails,
  },
  message: {
    details: { token: USDC, amount: maxUint160, expiration: String(now + 30n * 86_400n), nonce: '0' },
    spender: UNIVERSAL_ROUTER,
    sigDeadline: String(now + 1800n),
  },
};

export const permitBatch: TypedData = {
  ...uniswapPermitSingle,
  primaryType: 'PermitBatch',
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitBatch: [
      { name: 'details', type: 'PermitDetails[]' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: permitDetails,
  },
  message: {
    details: [
      { token: USDC, amount: '1000000', expiration: String(now + 3600n), nonce: '1' },
      { token: WETH, amount: maxUint160, expiration: String(2n ** 48n - 1n), nonce: '0' },
    ],
    spender: DRAINER,
    sigDeadline: String(now + 1800n),
  },
};

const tokenPermissions = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
];

/** UniswapX: a one-time transfer to the reactor, with the order signed along as the witness. */
export const uniswapXOrder: TypedData = {
  domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
  primaryType: 'PermitWitnessTransferFrom',
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitWitnessTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
      { name: 'witness', type: 'ExclusiveDutchOrder' },
    ],
    TokenPermissions: tokenPermissions,
    ExclusiveDutchOrder: [
      { name: 'info', type: 'OrderInfo' },
      { name: 'decayStartTime', type: 'uint256' },
    ],
    OrderInfo: [
      { name: 'reactor', type: 'address' },
      { name: 'swapper', type: 'address' },
    ],
  },
  message: {
    permitted: { token: USDC, amount: '5000000000' },
    spender: '0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4',
    nonce: '1993353164669688581970088190602701610528397285201889446578254799128576',
    deadline: String(now + 120n),
    witness: {
      info: { reactor: '0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4', swapper: SAFE },
      decayStartTime: String(now),
    },
  },
};

const offerItem = [
  { name: 'itemType', type: 'uint8' },
  { name: 'token', type: 'address' },
  { name: 'identifierOrCriteria', type: 'uint256' },
  { name: 'startAmount', type: 'uint256' },
  { name: 'endAmount', type: 'uint256' },
];
const seaportTypes = {
  EIP712Domain: [...domainType('name', 'version', 'chainId', 'verifyingContract')],
  OrderComponents: [
    { name: 'offerer', type: 'address' },
    { name: 'zone', type: 'address' },
    { name: 'offer', type: 'OfferItem[]' },
    { name: 'consideration', type: 'ConsiderationItem[]' },
    { name: 'orderType', type: 'uint8' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'zoneHash', type: 'bytes32' },
    { name: 'salt', type: 'uint256' },
    { name: 'conduitKey', type: 'bytes32' },
    { name: 'counter', type: 'uint256' },
  ],
  OfferItem: offerItem,
  ConsiderationItem: [...offerItem, { name: 'recipient', type: 'address' }],
};
export const BAYC = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
export const zero = '0x0000000000000000000000000000000000000000';
export const zero32 = `0x${'0'.repeat(64)}`;

/** An OpenSea listing: the Safe offers one ape for 10 ETH, 2.5 % of it to OpenSea. */
export const openSeaListing: TypedData = {
  domain: { name: 'Seaport', version: '1.6', chainId: 1, verifyingContract: SEAPORT_16 },
  primaryType: 'OrderComponents',
  types: seaportTypes,
  message: {
    offerer: SAFE,
    zone: zero,
    offer: [{ itemType: 2, token: BAYC, identifierOrCriteria: '8817', startAmount: '1', endAmount: '1' }],
    consideration: [
      {
        itemType: 0,
        token: zero,
        identifierOrCriteria: '0',
        startAmount: '9750000000000000000',
        endAmount: '9750000000000000000',
        recipient: SAFE,
      },
      {
        itemType: 0,
        token: zero,
        identifierOrCriteria: '0',
        startAmount: '250000000000000000',
        endAmount: '250000000000000000',
        recipient: OPENSEA_FEES,
      },
    ],
    orderType: 0,
    startTime: String(now),
    endTime: String(now + 180n * 86_400n),
    zoneHash: zero32,
    salt: '24446860302761739304752683030156737591518664810215442929808784621098726351597',
    conduitKey: '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000',
    counter: '0',
  },
};
