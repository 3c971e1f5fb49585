/**
 * How wide and deep a JSON body may be before JSON.parse builds it. Parsing costs more than the
 * bytes suggest when one object has many distinct keys (V8 gives up on fast properties): 64 KiB of
 * chained typed-data types took over a millisecond to parse, and a flood of them held a replica's
 * event loop. One pass over the text, with no allocation, bounds both before anything is built.
 */
export type JsonShapeLimits = {
  /** Objects and arrays nested in one another, the body itself counting as one. */
  depth: number;
  /** Members of any one object. */
  members: number;
};

/** What every JSON body is held to: far beyond any request the gateway's API defines. */
export const defaultJsonShape: JsonShapeLimits = { depth: 32, members: 256 };

const quote = 0x22;
const backslash = 0x5c;
const colon = 0x3a;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;

/**
 * Why `text` is wider or deeper than `limits` allow, or undefined when it is within them (or is not
 * JSON a parser would take: that is JSON.parse's to say). Members are counted by their colons, which
 * outside strings appear only after an object's keys.
 */
export function jsonShapeBeyond(text: string, limits: JsonShapeLimits): string | undefined {
  // Members counted so far in each object still open; arrays hold a place with -1.
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === backslash) i++;
      else if (code === quote) inString = false;
      continue;
    }
    if (code === quote) inString = true;
    else if (code === openBrace || code === openBracket) {
      if (open.length >= limits.depth) return `values nested more than ${limits.depth} deep`;
      open.push(code === openBrace ? 0 : -1);
    } else if (code === closeBrace || code === closeBracket) open.pop();
    else if (code === colon) {
      const top = open.length - 1;
      const members = open[top];
      if (members === undefined || members < 0) continue;
      if (members + 1 > limits.members) return `an object of more than ${limits.members} members`;
      open[top] = members + 1;
    }
  }
  return undefined;
}
