/**
 * The Node.js flags the gateway runs with on its own (`npm start -w @countersign/gateway`, the
 * benchmark). V8's defaults let the heap grow to several hundred megabytes before it collects: the
 * indexer catching up and busy request bursts leave that much garbage. A small young generation and
 * an old-generation limit keep it collected early; the live heap stays near 50 MB.
 * package.json's start script repeats them (test/nodeFlags.test.ts keeps the two alike).
 */
export const gatewayNodeFlags = ['--max-old-space-size=192', '--max-semi-space-size=1'];
