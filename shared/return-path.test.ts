import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInUrlFor } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/projects/01J9ZQ', '/projects/01J9ZQ'],
    ['/projects?status=in_progress&sort=dueDate', '/projects?status=in_progress&sort=dueDate'],
    ['/help#billing', '/help#billing'],
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
  ])('refuses %j and goes to the dashboard', (value) => {
    expect(safeReturnPath(value)).toBe('/dashboard');
  });
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
