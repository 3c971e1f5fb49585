export * from './schemas/primitives';
export * from './schemas/common';
export * from './schemas/chains';
export * from './schemas/safes';
export * from './errors';
export * from './client';
export * from './schemas/transactions';
export * from './schemas/proposals';
