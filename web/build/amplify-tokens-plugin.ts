import { createTheme } from '@aws-amplify/ui-react';
import type { Plugin } from 'vite';

/** `amplify(colors.teal.80)`: a design token of Amplify UI's base theme, by its path in `theme.tokens`. */
const TOKEN_REFERENCE = /amplify\(\s*([\w.-]+)\s*\)/g;

type TokenTree = { [name: string]: TokenTree | string | undefined; value?: string };

/**
 * The token's value in Amplify UI's base theme, the one @aws-amplify/ui-react's stylesheet is built from
 * (decision 094). Only plain values: a token that refers to another (`var(--amplify-…)`) would need
 * Amplify's stylesheet, which the app does not load, so it is refused.
 */
export function amplifyTokenValue(path: string): string {
  let node: TokenTree | string | undefined = createTheme({ name: 'growthwise' }).tokens as unknown as TokenTree;
  for (const name of path.split('.')) node = typeof node === 'object' ? node[name] : undefined;
  const value = typeof node === 'object' ? node.value : undefined;
  if (typeof value !== 'string') throw new Error(`amplify(${path}) names no token of Amplify UI's base theme`);
  if (value.includes('var(')) throw new Error(`amplify(${path}) refers to another token (${value}): name that one`);
  return value;
}

/** The stylesheet with each `amplify(path)` replaced by the token's value. */
export const withAmplifyTokens = (css: string): string =>
  css.replace(TOKEN_REFERENCE, (_reference, path: string) => amplifyTokenValue(path));

/**
 * Replaces `amplify(path)` in the app's stylesheets by Amplify UI's value before Tailwind reads its
 * `@theme` block, so the theme's values come from the package at every build and never drift from it.
 */
export function amplifyTokens(): Plugin {
  return {
    name: 'growthwise:amplify-tokens',
    enforce: 'pre',
    transform: {
      filter: { id: /\/web\/src\/.*\.css(\?.*)?$/ },
      handler: (code) => (code.includes('amplify(') ? { code: withAmplifyTokens(code), map: null } : undefined),
    },
  };
}
