import { startWebServer } from '@countersign/web/server';
import { freePort } from '../../scripts/ports';
import { expect, test } from '../fixtures';

test('says so when the gateway does not answer, and offers a retry', async ({ page }) => {
  // A web server whose gateway URL points at a port where nothing listens.
  const deadGateway = `http://127.0.0.1:${await freePort()}`;
  const web = await startWebServer({ port: 0, gatewayUrl: deadGateway });
  try {
    await page.goto(`${web.url}/`);
    await expect(page.getByRole('alert').first()).toContainText(
      `The gateway at ${deadGateway} does not answer`,
    );
    await expect(page.getByTestId('retry-button').first()).toBeVisible();
  } finally {
    await web.close();
  }
});
