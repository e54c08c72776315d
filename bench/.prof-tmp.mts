import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
const [email, runs = '3'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ baseURL: 'http://localhost:3000', viewport: { width: 1366, height: 850 } });
await context.request.post('/api/login', { data: { username: email, password: 'growthwise-demo' } });
await context.addInitScript({ content: `window.firstRowDrawn = new Promise((resolve) => { const check = () => { const rows = document.querySelectorAll('[data-project-id]'); if ([...rows].some((r) => r.offsetParent !== null)) requestAnimationFrame(() => resolve(performance.now())); else requestAnimationFrame(check); }; requestAnimationFrame(check); });` });
for (let run = 0; run < Number(runs); run++) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto('/projects', { waitUntil: 'commit' });
  const t = await page.evaluate('window.firstRowDrawn');
  const { profile } = await cdp.send('Profiler.stop');
  const res = await page.evaluate(`performance.getEntriesByType('resource').map(e => [e.name.replace(location.origin,''), Math.round(e.startTime), Math.round(e.responseEnd), e.initiatorType]).filter(e=>!e[0].includes('assets/')||true)`);
  writeFileSync(`/tmp/prof/run${run}.cpuprofile`, JSON.stringify(profile));
  writeFileSync(`/tmp/prof/run${run}.res.json`, JSON.stringify(res));
  console.log('run', run, 'firstRow', t);
  await page.close();
}
await browser.close();
