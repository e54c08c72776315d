import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, chromium, request as playwrightRequest } from '@playwright/test';
import { freePort } from '../infra/local/free-port';
import { PROJECT_ROOT } from '../infra/local/local-cloud';
import { longPersonName, longProjectName, unbrokenName } from '../test/e2e/support/long-names';

/**
 * `npx tsx scripts/screenshots.ts`: docs/screenshots/*.png of the projects list, the Users tab, a
 * long-named project's detail, the dashboard, the palette and the Security tab, at 390 × 844 and 1366 × 850, from the whole product started in
 * memory (as the end-to-end tests start it) and seeded through its API with 30 projects and long names.
 */
const OUT_DIR = path.join(PROJECT_ROOT, 'docs', 'screenshots');
const SIZES = [
  { label: '390x844', width: 390, height: 844 },
  { label: '1366x850', width: 1366, height: 850 },
];
const PASSWORD = 'screenshot-passphrase';

async function startCloud(port: number): Promise<ChildProcess> {
  const cloud = spawn('npx', ['tsx', 'infra/local/start.ts', '--in-memory', '--port', String(port)], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'error',
      POWERTOOLS_METRICS_DISABLED: 'true',
      MAIL_UI_PORT: String(await freePort()),
      MAIL_SMTP_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: npx, tsx and the cloud stop together (stopCloud).
    detached: true,
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (cloud.exitCode !== null) throw new Error(`the local cloud stopped (exit ${cloud.exitCode})`);
    try {
      if ((await fetch(`http://localhost:${port}/`)).ok) return cloud;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stopCloud(cloud);
  throw new Error('the local cloud did not start within 3 minutes');
}

/** Ctrl-C to the cloud's process group, as `npm start` is stopped (DynamoDB Local included). */
function stopCloud(cloud: ChildProcess) {
  if (cloud.pid !== undefined && cloud.exitCode === null) process.kill(-cloud.pid, 'SIGINT');
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/** An organization of 7 users and 30 projects, every name 60 characters or more; answers the long-named project's id. */
async function seed(api: APIRequestContext): Promise<{ email: string; projectId: string }> {
  const email = `screenshots-${Date.now().toString(36)}@example.com`;
  await ok(
    await api.post('/api/register', {
      data: {
        username: email,
        password: PASSWORD,
        fullName: longPersonName(0),
        organizationName: 'Northwind Traders International Marketing Operations Group',
        plan: 'professional',
        billingCycle: 'monthly',
      },
    }),
  );
  for (let index = 1; index <= 6; index += 1) {
    await ok(
      await api.post('/api/organization/users', {
        data: {
          username: `colleague-${index}-${email}`,
          fullName: longPersonName(index),
          password: PASSWORD,
          role: index % 3 ? 'staff' : 'admin',
        },
      }),
    );
  }
  const statuses = ['planning', 'in_progress', 'completed', 'on_hold'];
  const first = await ok(
    await api.post('/api/projects', {
      data: {
        name: unbrokenName,
        status: 'in_progress',
        dueDate: '2025-01-05',
        description: 'Automate the nurture emails, scoring and hand-over to sales for every new lead.',
      },
    }),
  );
  for (let index = 1; index < 30; index += 1) {
    await ok(
      await api.post('/api/projects', {
        data: {
          name: longProjectName(index),
          status: statuses[index % 4],
          dueDate: index % 3 ? `2027-0${(index % 9) + 1}-15` : null,
        },
      }),
    );
  }
  return { email, projectId: (first as { id: string }).id };
}

await mkdir(OUT_DIR, { recursive: true });
const port = await freePort();
const cloud = await startCloud(port);
const baseURL = `http://localhost:${port}`;
const browser = await chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const api = await playwrightRequest.newContext({ baseURL });
  const { projectId } = await seed(api);
  const storageState = await api.storageState();
  await api.dispose();
  for (const size of SIZES) {
    const context = await browser.newContext({
      baseURL,
      storageState,
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    const shoot = async (name: string) => {
      // Toasts and the end of loading: only the screen itself.
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(OUT_DIR, `${name}-${size.label}.png`) });
      console.log(`docs/screenshots/${name}-${size.label}.png`);
    };
    await page.goto('/projects');
    await page
      .getByRole('link', { name: longProjectName(29) })
      .locator('visible=true')
      .waitFor();
    await shoot('projects');
    await page.goto('/users');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByText(longPersonName(6)).locator('visible=true').waitFor();
    await shoot('users');
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('heading', { name: unbrokenName, level: 1 }).waitFor();
    await shoot('project-detail');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await shoot('dashboard');
    // The palette finding people and screens as well as projects.
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Search projects by name...').fill('maria');
    await page.getByRole('group', { name: 'People' }).waitFor();
    await shoot('palette');
    await page.keyboard.press('Escape');
    await page.goto('/user-settings?tab=security');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    await shoot('user-settings-security');
    await context.close();
  }
} finally {
  await browser.close();
  stopCloud(cloud);
}
