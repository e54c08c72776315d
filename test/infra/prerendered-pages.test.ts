import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST, buildWebIfStale } from '../../infra/local/web-build';
import { SPA_HTML_FILES, rewriteSpaPath } from '../../infra/web/spa-fallback';

/** The public pages, the text of their h1 and the chunk of their lazy route module. */
const PAGES = [
  ['/', 'Grow your business with', 'landing-page'],
  ['/auth', 'Sign in to your account', 'auth-page'],
  ['/auth?tab=register', 'Create a new account', 'auth-page'],
  ['/terms', 'Terms of Service', 'terms-page'],
  ['/privacy', 'Privacy Policy', 'privacy-page'],
] as const;

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const root = (html: string) => /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1];

/**
 * The web build as `npm start`, CI and the deployment make it (web/vite.config.ts), served through
 * the SPA fallback CloudFront and the emulator share: each public page is its own prerendered file
 * (docs/decisions/011), every other path the empty shell.
 */
describe('the web build, through the SPA fallback', () => {
  const outDir = WEB_DIST;
  const html = (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    return readFileSync(path.join(outDir, rewriteSpaPath(pathname, searchParams.get('tab') ?? undefined)), 'utf8');
  };

  // The build `npm run build` made (in CI, just before), or a new one when a source is newer: one build a run (docs/decisions/029).
  beforeAll(() => buildWebIfStale(), 120_000);

  it("bundles React's production build, also when this test runner (NODE_ENV=test) made it", () => {
    const assets = readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    // A warning only React's development build carries.
    expect(
      assets.filter((file) => readFileSync(path.join(outDir, 'assets', file), 'utf8').includes('unique "key" prop')),
    ).toEqual([]);
  });

  it('has every HTML file the fallback answers with, and no other', () => {
    expect(
      readdirSync(outDir)
        .filter((file) => file.endsWith('.html'))
        .sort(),
    ).toEqual([...SPA_HTML_FILES].sort());
  });

  it.each(PAGES)(
    '%s arrives drawn, and its one script starts the entry with the route chunk preloaded',
    (uri, heading, chunk) => {
      const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(html('/dashboard'))![1]!;
      const [pathname, search = ''] = uri.split('?');
      for (const variant of uri === '/' ? [uri] : [uri, `${pathname}/${search && '?'}${search}`]) {
        const page = html(variant);
        expect(page).toContain(`<div id="root" data-prerendered="${uri}">`);
        expect(root(page)).toMatch(new RegExp(`<h1[^>]*>${heading}`));
        const scripts = [...head(page).matchAll(/<script type="module" crossorigin src="([^"]+)">/g)].map((match) => match[1]!);
        expect(scripts).toEqual([expect.stringMatching(/^\/assets\/start-[\w-]+\.js$/)]);
        expect(head(page)).not.toContain('modulepreload');
        const start = readFileSync(path.join(outDir, scripts[0]!), 'utf8');
        expect(start).toContain(`const entry = "${entry}";`);
        expect(start).toMatch(new RegExp(`"/assets/${chunk}-[\\w-]+\\.js"`));
      }
    },
  );

  it('gives the app and unknown paths the empty shell, never a public page', () => {
    for (const uri of ['/dashboard', '/projects/some-id', '/no-such-page']) {
      expect(root(html(uri))).toBe('');
      expect(html(uri)).not.toContain('data-prerendered');
    }
  });

  it('gives every page the shell head: title, description, favicon and CSS', () => {
    const shell = head(html('/dashboard'));
    expect(shell).toContain('<title>Growthwise</title>');
    expect(shell).toMatch(/<meta name="description" content="[^"]+"/);
    expect(shell).toContain('<link rel="icon" href="/favicon.svg"');
    expect(shell).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/);
    const withoutScripts = (text: string) =>
      text.replace(/\s*<(script type="module"|link rel="modulepreload")[^>]*>(<\/script>)?/g, '');
    for (const [uri] of PAGES) expect(withoutScripts(head(html(uri))), uri).toBe(withoutScripts(shell));
  });

  it('holds nothing of the day it was built (the copyright year and the terms date are filled in by the browser)', () => {
    const year = new Date().getFullYear();
    for (const [uri] of PAGES) expect(html(uri), uri).not.toMatch(new RegExp(`© ${year}|Last updated: \\w+ \\d+, ${year}`));
  });
});
