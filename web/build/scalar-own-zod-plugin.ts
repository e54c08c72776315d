import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** The mark of a zod module loaded for Scalar: the same file as the app's, another module to the bundler. */
const SCALAR_COPY = '?scalar-zod';
/** Scalar's packages and the AI SDK its (disabled) agent chat brings: the importers whose zod is Scalar's. */
const SCALAR_TREE = /\/node_modules\/(@scalar\/|@ai-sdk\/|ai\/)/;

/**
 * Scalar's reference (the /developers page's own chunk, docs/decisions/115) imports full zod, the app
 * zod/mini: both are built on the same zod/v4/core modules, and the bundler keeps in a shared module
 * whatever any importer uses, so Scalar's use of the core made the schemas chunk that /auth and the
 * app load 7 KB (gzip) heavier. Scalar's zod is given modules of its own, which only its chunk loads.
 */
export function scalarOwnZod(): Plugin {
  return {
    name: 'growthwise:scalar-own-zod',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const inCopy = importer.endsWith(SCALAR_COPY);
      const zodOfScalar = SCALAR_TREE.test(importer) && (source === 'zod' || source.startsWith('zod/'));
      if (!inCopy && !zodOfScalar) return null;
      const from = inCopy ? importer.slice(0, -SCALAR_COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.includes('/node_modules/zod/')) return resolved;
      return `${resolved.id}${SCALAR_COPY}`;
    },
    async load(id) {
      if (!id.endsWith(SCALAR_COPY)) return null;
      return { code: await readFile(id.slice(0, -SCALAR_COPY.length), 'utf8'), moduleType: 'js' };
    },
  };
}
