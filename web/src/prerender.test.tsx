import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { longDate } from './lib/date-format';

/** Each prerendered page and the text of its one h1. */
const PAGES = [
  ['/', 'Grow your business with Growthwise'],
  ['/auth', 'Sign in to your account'],
  ['/auth?tab=register', 'Create a new account'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
] as const;

/**
 * The build's prerendering (prerender.tsx) and the browser's start (main.tsx) together, with
 * React's development build, which reports every difference between the markup and the first render.
 */
describe('prerendered public pages', () => {
  const problems: unknown[] = [];
  const onError = (event: ErrorEvent) => problems.push(event.error ?? event.message);

  beforeEach(() => {
    vi.resetModules();
    problems.length = 0;
    // The current user is still loading while the page hydrates, as in the prerendered markup.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    // jsdom has none; Radix's checkbox measures itself with one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => problems.push(args.map(String).join(' ')));
    window.addEventListener('error', onError);
  });

  afterEach(() => {
    window.removeEventListener('error', onError);
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    delete document.documentElement.dataset.interactive;
  });

  it.each(PAGES)(
    '%s is drawn at build time, and the browser takes that markup over without a mismatch',
    async (path, heading) => {
      const { renderPage } = await import('./prerender');
      const markup = await renderPage(path);
      document.body.innerHTML = `<div id="root" data-prerendered="${path}">${markup}</div>`;
      const drawn = document.querySelector('h1');
      expect(drawn?.textContent).toBe(heading);

      window.history.replaceState(null, '', path);
      await import('./main');
      await vi.waitFor(() => expect(document.documentElement.dataset.interactive).toBe(''));

      // Hydrated, not drawn again: the prerendered nodes are the ones on screen.
      expect(document.querySelector('h1')).toBe(drawn);
      expect(problems).toEqual([]);
    },
  );

  it('leaves out what only the browser knows (the year, today), and fills it in once hydrated', async () => {
    const { renderPage } = await import('./prerender');
    const today = longDate(new Date());
    const year = new Date().getFullYear();
    const terms = await renderPage('/terms');
    expect(terms).not.toContain(today);
    expect(terms).not.toContain(`© ${year}`);

    document.body.innerHTML = `<div id="root" data-prerendered="/terms">${terms}</div>`;
    window.history.replaceState(null, '', '/terms');
    await import('./main');
    await vi.waitFor(() => expect(document.body.textContent).toContain(`Last updated: ${today}`));
    expect(document.body.textContent).toContain(`© ${year} Growthwise. All rights reserved.`);
    expect(problems).toEqual([]);
  });

  it('keeps the sign-in form disabled until the browser has taken it over', async () => {
    const { renderPage } = await import('./prerender');
    const auth = await renderPage('/auth');
    document.body.innerHTML = `<div id="root" data-prerendered="/auth">${auth}</div>`;
    expect(document.querySelector('fieldset')?.disabled).toBe(true);

    window.history.replaceState(null, '', '/auth');
    await import('./main');
    await vi.waitFor(() => expect(document.querySelector('fieldset')?.disabled).toBe(false));
    expect(problems).toEqual([]);
  });

  it('draws the page anew when the markup was drawn for another path', async () => {
    const { renderPage } = await import('./prerender');
    document.body.innerHTML = `<div id="root" data-prerendered="/">${await renderPage('/')}</div>`;
    window.history.replaceState(null, '', '/terms');
    await import('./main');
    await vi.waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Terms of Service'));
    expect(problems).toEqual([]);
  });
});
