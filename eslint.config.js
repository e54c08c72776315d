import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CLOCK_MESSAGE = 'Use now() from functions/clock.ts: one clock, shiftable in tests.';
const ENV_MESSAGE = 'Read the environment through functions/config.ts (settings) or functions/local-stage.ts (test switches).';
const API_PATH_MESSAGE =
  "Call an endpoint of shared/contract/ with call() from web/src/lib/api-client.ts instead of typing an '/api/' path.";

// One config block's no-restricted-imports replaces another's: blocks narrower than web/** repeat these.
const WEB_IMPORT_PATTERNS = [
  // The dependency direction of design.md: web and functions never import each other.
  { group: ['**/functions/**', '**/infra/**'], message: 'web/ does not import functions/ or infra/.' },
  { regex: '^(\\.\\.?/)+shared/', message: "Import the repository's shared/ folder as '@shared/...' (web/build/aliases.ts)." },
];

// Feature folders do not import each other (app/ composes them; what two features need lives in
// lib/, components/ or app/). Read from the folder, so a new feature is covered without editing this.
const FEATURES = readdirSync(new URL('web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureImportPatterns = (feature) =>
  FEATURES.filter((other) => other !== feature).map((other) => ({
    // '../../<other>/...' climbs out of this feature into another; '**/features/<other>' is any longer
    // relative path or alias naming it.
    regex: `^(\\.\\./)+(features/)?${other}(/|$)|(^|/)features/${other}(/|$)`,
    message: `web/src/features/${feature} does not import the ${other} feature: move what both need to web/src/lib, components or app.`,
  }));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      'cdk.out',
      '.build',
      '.data',
      'reports',
      'test-results',
      'playwright-report',
      'scratch',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A route's method and path are declared once, in shared/contract/: web reaches the API only
    // through `call(endpoint, ...)` of its api client, never with a path typed by hand.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: API_PATH_MESSAGE },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: API_PATH_MESSAGE },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }] },
  },
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...WEB_IMPORT_PATTERNS, ...featureImportPatterns(feature)] }] },
  })),
  {
    // lib/ and components/ sit below the features: they import none.
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_IMPORT_PATTERNS,
            { regex: '(^|/)features(/|$)', message: 'lib/ and components/ do not import features: app/ composes them.' },
          ],
        },
      ],
    },
  },
  {
    // The node resolver with TypeScript's extensions resolves every relative import, without the
    // TypeScript resolver.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx'] })],
    },
    rules: {
      // One import order everywhere, fixed by `eslint --fix`, so it is never a review comment:
      // node's modules, packages, then ours from the farthest to the nearest. Side-effect imports stay
      // where they are (their order can matter).
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@shared/**', group: 'internal' }],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    // No module reaches itself through its imports: a cycle makes the load order decide what is
    // defined, and it hides two layers that should be one or a direction that should be one-way.
    // Type-only imports are not counted (they vanish at build time).
    files: ['functions/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**', '**/infra/**'] }] },
  },
  {
    // The data plumbing, the domain and every resource folder speak domain errors
    // (functions/domain/errors.ts), never HTTP: the response middleware alone maps them to answers.
    files: ['functions/**/*.ts'],
    ignores: [
      'functions/handlers/**',
      'functions/http/**',
      'functions/middleware/**',
      'functions/routes.ts',
      'functions/**/*.test.ts',
      // request plumbing that answers in HTTP terms (cookies, 400s and 429s): the route's side
      'functions/security/**',
      'functions/images/**',
      'functions/throttles/account-failures.ts',
      'functions/auth/password-proven.ts',
      'functions/throttles/invitation-link-throttle.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/web/**', '**/infra/**', '**/http/**', '**/middleware/**', '**/handlers/**'] },
      ],
    },
  },
  {
    // Stored times, expiries, throttle windows and token exp must agree with each other, and a test
    // shifts them all at once (GROWTHWISE_CLOCK_OFFSET_MS): so functions/ reads time only through now().
    files: ['functions/**/*.ts'],
    ignores: ['functions/clock.ts', 'functions/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: CLOCK_MESSAGE },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
      ],
    },
  },
  {
    // One seam for the environment: a setting is read, defaulted and validated in one place, and a
    // test switch cannot reach a module except through local-stage.ts's refusal outside the local stage.
    // no-restricted-properties, not the clock's no-restricted-syntax: a second block of the same rule
    // on the same files would replace the clock's.
    files: ['functions/**/*.ts'],
    ignores: ['functions/config.ts', 'functions/local-stage.ts', 'functions/**/*.test.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: ENV_MESSAGE }] },
  },
  {
    // spa-fallback.ts is turned into a CloudFront Function (ES5-ish runtime): `var` on purpose.
    files: ['infra/web/spa-fallback.ts'],
    rules: { 'no-var': 'off' },
  },
);
