import { safeMessageHash } from '@countersign/safe-core';
import { expect, test } from '../fixtures';
import { proposeTextMessage } from '../safeMessages';
import { webAppOnHostileGateway } from '../hostileGateway';
import { ownerWithTestWallet, teamSafe } from '../owners';

/**
 * A gateway that lies about a message: it serves harmless text under the messageHash of another
 * text an owner already signed. The page hashes what it shows and refuses to have it signed.
 */

test.describe('A message whose content does not match its hash', () => {
  test('is shown with both hashes and a danger alert, and no owner is offered to sign it', async ({
    page,
    stack,
  }) => {
    const team = teamSafe(stack);
    const run = `${Date.now()} ${Math.random().toString(16).slice(2)}`;
    const signedText = `Move the treasury to 0x000000000000000000000000000000000000dEaD (${run})`;
    const shownText = `Good morning, owners (${run})`;
    const honestText = `Lunch on Friday (${run})`;
    const lyingHash = await proposeTextMessage(stack, 'owner A', signedText);
    const honestHash = await proposeTextMessage(stack, 'owner A', honestText);

    type Message = { type?: string; messageHash?: string; message?: unknown };
    const lie = (message: Message) =>
      message.messageHash === lyingHash ? { ...message, message: shownText } : message;
    const app = await webAppOnHostileGateway(stack.gatewayUrl);
    app.gateway
      .lie('GET', /^\/v1\/chains\/[^/]+\/messages\/0x[0-9a-fA-F]{64}$/, (body) => lie(body as Message))
      .lie('GET', /^\/v1\/chains\/[^/]+\/safes\/[^/]+\/messages$/, (body) => {
        const page = body as { results: Message[] };
        return { ...page, results: page.results.map((item) => (item.type === 'MESSAGE' ? lie(item) : item)) };
      });
    try {
      // Owner B, connected and verified, could confirm either message if it were honest.
      await ownerWithTestWallet(page, stack, 'owner B', `${app.web.url}/local:${team}/messages/${lyingHash}`);

      await expect(page.getByTestId('message-text')).toHaveText(shownText);
      const refusal = page.getByTestId('message-hash-refused');
      await expect(refusal).toBeVisible();
      await expect(refusal).toHaveAttribute('role', 'alert');
      await expect(refusal).toContainText('The message does not match its hash: do not sign it');
      await expect(refusal.getByTestId('refused-gateway-hash')).toHaveText(lyingHash);
      await expect(refusal.getByTestId('refused-computed-hash')).toHaveText(
        safeMessageHash({ chainId: stack.chainId, safe: team, message: shownText }),
      );
      await expect(page.getByTestId('hash-check')).toHaveText('Differs from the hash computed here');
      await expect(page.getByTestId('confirm-message')).toHaveCount(0);

      // The honest message next to it, through the same gateway: Confirm is there for owner B.
      await page.getByTestId('back-to-messages').click();
      await expect(page.locator(`[data-message-hash="${lyingHash}"]`)).toContainText(shownText);
      await page.locator(`[data-message-hash="${honestHash}"]`).click();
      await expect(page.getByTestId('message-text')).toHaveText(honestText);
      await expect(page.getByTestId('hash-check')).toHaveText('Matches the hash computed here');
      await expect(page.getByTestId('message-hash-refused')).toHaveCount(0);
      await expect(page.getByTestId('confirm-message')).toBeEnabled();

      // Nothing was signed for the lying message.
      expect(
        app.gateway.requests.filter(
          (request) => request.method === 'POST' && request.path.endsWith('/signatures'),
        ),
      ).toEqual([]);
      const stored = (await (
        await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/messages/${lyingHash}`)
      ).json()) as { confirmationsSubmitted: number; message: string };
      expect(stored).toMatchObject({ confirmationsSubmitted: 1, message: signedText });
    } finally {
      await app.stop();
    }
  });
});
