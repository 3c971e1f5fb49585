import { getAddress, isAddress, type Address, type Hex } from 'viem';

/** One call inside a transaction, as a node's trace shows it. */
export type CallFrame = { from: Address; to: Address; input: Hex };

/** debug_traceTransaction's callTracer frame (geth, anvil, reth, erigon, nethermind). */
type GethFrame = {
  from?: unknown;
  to?: unknown;
  input?: unknown;
  error?: unknown;
  calls?: unknown;
};

/** trace_transaction's flat entries (parity-style: erigon, reth, nethermind, anvil). */
type ParityTrace = {
  action?: { from?: unknown; to?: unknown; input?: unknown };
  error?: unknown;
  traceAddress?: unknown;
  type?: unknown;
};

/** How many frames of one transaction are looked at: a trace is the node's, but bounded all the same. */
export const maxFrames = 10_000;

const frame = (from: unknown, to: unknown, input: unknown): CallFrame | undefined =>
  typeof from === 'string' &&
  typeof to === 'string' &&
  isAddress(from) &&
  isAddress(to) &&
  typeof input === 'string'
    ? {
        from: getAddress(from),
        to: getAddress(to),
        input: (input.startsWith('0x') ? input : `0x${input}`) as Hex,
      }
    : undefined;

/**
 * The calls that took effect, in the order their events were emitted: a call's own Safe events
 * (its execution's outcome) come after those of the calls it made, so children come before their
 * parent. A call that reverted, or whose caller did, left no events, and is left out with its subtree.
 */
export function effectiveCallsFromCallTracer(root: unknown): CallFrame[] {
  const out: CallFrame[] = [];
  const visit = (node: GethFrame) => {
    if (out.length >= maxFrames || node.error !== undefined) return;
    if (Array.isArray(node.calls))
      for (const child of node.calls) if (child && typeof child === 'object') visit(child as GethFrame);
    const own = frame(node.from, node.to, node.input);
    if (own) out.push(own);
  };
  if (root && typeof root === 'object') visit(root as GethFrame);
  return out;
}

/** The same from trace_transaction's flat list, rebuilt into its tree by traceAddress. */
export function effectiveCallsFromParity(traces: unknown): CallFrame[] {
  if (!Array.isArray(traces)) return [];
  type Node = { trace: ParityTrace; children: Node[] };
  const byPath = new Map<string, Node>();
  const roots: Node[] = [];
  for (const trace of traces.slice(0, maxFrames) as ParityTrace[]) {
    if (!trace || typeof trace !== 'object' || !Array.isArray(trace.traceAddress)) continue;
    const path = (trace.traceAddress as unknown[]).map(Number);
    const node: Node = { trace, children: [] };
    byPath.set(path.join('.'), node);
    const parent = path.length === 0 ? undefined : byPath.get(path.slice(0, -1).join('.'));
    if (path.length === 0) roots.push(node);
    else parent?.children.push(node);
  }
  const out: CallFrame[] = [];
  const visit = (node: Node) => {
    if (node.trace.error !== undefined && node.trace.error !== null) return;
    for (const child of node.children) visit(child);
    if (node.trace.type !== undefined && node.trace.type !== 'call') return;
    const action = node.trace.action ?? {};
    const own = frame(action.from, action.to, action.input);
    if (own) out.push(own);
  };
  for (const root of roots) visit(root);
  return out;
}
