import { isLoopbackUrl } from '../loopbackOnly';
import { expect, test } from '../fixtures';

test.describe('no test reaches beyond loopback', () => {
  test('tells loopback from every other host', () => {
    for (const url of [
      'http://127.0.0.1:5173/',
      'http://127.1.2.3/x',
      'ws://localhost:8545',
      'http://app.localhost/',
      'http://[::1]:80/',
      'data:image/png;base64,AA==',
      'blob:http://127.0.0.1/abc',
    ])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [
      'https://safe-client.safe.global/v1/chains',
      'http://10.0.0.1/',
      'http://[::ffff:7f00:1]/',
      'wss://relay.walletconnect.org',
      'http://127.0.0.1.nip.io/',
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });

  test('a request off loopback, from any context, is recorded for the test and never arrives', async ({
    browser,
    offLoopback,
    stack,
  }) => {
    const context = await browser.newContext({ baseURL: stack.webUrl });
    const page = await context.newPage();
    const failed = page.waitForEvent('requestfailed');
    await page.setContent('<img src="https://countersign-test.example/pixel.png">');
    expect((await failed).url()).toBe('https://countersign-test.example/pixel.png');
    expect(offLoopback).toContain('https://countersign-test.example/pixel.png');
    // Taken back so this test, whose purpose was to make that request, passes.
    offLoopback.splice(offLoopback.indexOf('https://countersign-test.example/pixel.png'), 1);
    await context.close();
  });
});
