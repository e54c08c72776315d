import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { toasts } from './support/toasts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine, as a developer runs one beside `npm start` (the local stage allows http on loopback). */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/growthwise`, received, close: () => server.close() };
}

test.describe('Webhooks (issue 65)', () => {
  test('an admin adds an endpoint, copies its secret, sends a test event, and sees it delivered and verifiable', async ({
    signedInPage: page,
    account,
  }) => {
    const receiver = await startReceiver();
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/organization-settings?tab=webhooks');
      const card = page.getByRole('tabpanel', { name: 'Webhooks' });
      await expect(card.getByText('No webhooks yet.')).toBeVisible();
      await card.getByLabel('Endpoint URL').fill(receiver.url);
      await card.getByLabel('Description').fill('Local receiver');
      await expect(card.getByRole('checkbox', { name: /^comment\.created/ })).toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await card.getByRole('button', { name: 'Add webhook' }).click();

      const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
      await confirm.getByLabel('Password').fill(account.password);
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      const shown = page.getByRole('dialog', { name: 'Webhook added' });
      await expect(shown.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
      await shown.getByRole('button', { name: 'Copy secret' }).click();
      const secret = await page.evaluate(() => navigator.clipboard.readText());
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole('button', { name: 'Done' }).click();

      const row = card.getByRole('list', { name: 'Webhooks' }).getByRole('listitem');
      await expect(row).toContainText(receiver.url);
      await expect(row.getByRole('switch', { name: `${receiver.url}: on` })).toBeVisible();
      await row.getByRole('button', { name: 'Send test event' }).click();
      await expect(toasts(page)).toContainText('Test event queued');

      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const [delivery] = receiver.received;
      const verified = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
        type: string;
      };
      expect(verified.type).toBe('webhook.test');

      await row.getByRole('button', { name: 'Delivery log' }).click();
      const log = page.getByRole('dialog', { name: 'Delivery log' });
      await expect(log.getByText('webhook.test')).toBeVisible();
      await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
      await expect(log.getByText(/last answer HTTP 204/)).toBeVisible();
    } finally {
      receiver.close();
    }
  });
});
