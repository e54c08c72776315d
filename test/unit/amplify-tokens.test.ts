import { readFileSync } from 'node:fs';
import { createTheme } from '@aws-amplify/ui-react';
import { describe, expect, it } from 'vitest';
import { amplifyTokenValue, withAmplifyTokens } from '../../web/build/amplify-tokens-plugin';

const STYLES = readFileSync(new URL('../../web/src/styles.css', import.meta.url), 'utf8');

describe("the theme's Amplify UI tokens", () => {
  it("are the values of Amplify UI's base theme, read from the package", () => {
    const { tokens } = createTheme({ name: 'check' });
    expect(amplifyTokenValue('colors.teal.80')).toBe(tokens.colors.teal[80].value);
    expect(amplifyTokenValue('radii.small')).toBe(tokens.radii.small.value);
  });

  it('fill every amplify(…) of web/src/styles.css, so the @theme block Tailwind reads holds only values', () => {
    expect(STYLES).toMatch(/--color-brand-80: amplify\(colors\.teal\.80\);/);
    const built = withAmplifyTokens(STYLES);
    expect(built).not.toMatch(/^\s*--[\w-]+:.*amplify\(/m);
    expect(built).toContain(`--color-brand-80: ${createTheme({ name: 'check' }).tokens.colors.teal[80].value};`);
  });

  it('refuse a path that names no token, and a token that only refers to another', () => {
    expect(() => amplifyTokenValue('colors.teal.85')).toThrow('amplify(colors.teal.85) names no token');
    expect(() => amplifyTokenValue('colors.primary.80')).toThrow('refers to another token');
  });
});
