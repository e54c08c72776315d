import path from 'node:path';

/**
 * Import aliases of the web code, read by vite.config.ts (the app and the prerender build) and by
 * vitest's web project; web/tsconfig.json's `paths` name the same folders for the type checker.
 */
export const webAliases = {
  '@shared': path.resolve(import.meta.dirname, '../../shared'),
};
