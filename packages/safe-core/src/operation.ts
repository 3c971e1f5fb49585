/** How a Safe runs a transaction's call: the specification's Operation enum. */
export const Operation = { CALL: 0, DELEGATE: 1 } as const;
export type Operation = (typeof Operation)[keyof typeof Operation];
