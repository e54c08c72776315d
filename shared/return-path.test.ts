import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInUrlFor } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/projects/01J9ZQ', '/projects/01J9ZQ'],
    ['/projects?status=in_progress&sort=dueDate', '/projects?status=in_progress&sort=dueDate'],
    ['/help#billing', '/help#billing'],
    // Dot segments are resolved as the browser would, and the result is what is returned.
    ['/projects/./01J9ZQ', '/projects/01J9ZQ'],
    ['/a/../help', '/help'],
  ])('keeps the site path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/projects',
    '//evil.example/projects',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'projects',
    '/auth?next=/projects',
    '/auth/',
  ])('refuses %j and goes to the dashboard', (value) => {
    expect(safeReturnPath(value)).toBe('/dashboard');
  });

  // Issue 63, finding 3: each passed the raw-text check, then parsing collapsed its dot segment into '//'.
  it.each([
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/..//evil.example',
    '/./\t/evil.example',
  ])('refuses %j, a dot segment that parses into another host', (value) => {
    expect(safeReturnPath(value)).toBe('/dashboard');
  });
});

// The pieces an attacker mixes: separators either way and encoded, dot segments, the characters a browser
// strips from a URL (tab, newline), and host-looking parts.
const piece = fc.constantFrom(
  '/',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '\t',
  '\n',
  '\r',
  ' ',
  'evil.example',
  'evil.example:8080',
  '@',
  ':',
  '?',
  '#',
  'a',
  'https:',
  'javascript:',
);
const attempt = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
  fc.array(piece, { maxLength: 12 }).map((pieces) => `/${pieces.join('')}`),
  fc.string(),
);

describe('safeReturnPath over generated paths', () => {
  test.prop([attempt, fc.constantFrom('http://localhost:5173', 'https://app.growthwise.example')], { numRuns: 2000 })(
    'never answers a value that names a host or leaves the site',
    (value, base) => {
      const path = safeReturnPath(value);
      expect(path).toMatch(/^\/(?![/\\])/);
      const landed = new URL(path, base);
      expect(landed.origin).toBe(base);
      // Parsed again, the answer is itself: what was checked is what the browser goes to.
      expect(`${landed.pathname}${landed.search}${landed.hash}`).toBe(path);
      expect(safeReturnPath(path)).toBe(path);
    },
  );
});

describe('signInUrlFor', () => {
  it('carries the path in the sign-in URL, and round-trips through safeReturnPath', () => {
    const url = new URL(signInUrlFor('/projects/01J9ZQ?tab=x'), 'http://localhost');
    expect(url.pathname).toBe('/auth');
    expect(safeReturnPath(url.searchParams.get('next'))).toBe('/projects/01J9ZQ?tab=x');
  });

  it('needs no parameter for the dashboard', () => {
    expect(signInUrlFor('/dashboard')).toBe('/auth');
  });
});
