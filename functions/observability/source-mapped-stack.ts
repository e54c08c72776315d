import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Rewrites the frames of a stack that point into a handler bundle (`index.mjs`) to the TypeScript
 * source they came from, using the map shipped beside the bundle. Read only when an error is logged:
 * loading maps at start-up (`--enable-source-maps`) would cost every cold start (docs/decisions/012).
 */
export function sourceMappedStack(stack: string): string {
  return stack.replace(BUNDLE_FRAME, (frame, file: string, line: string, column: string) => {
    const map = sourceMapOf(file.startsWith('file:') ? fileURLToPath(file) : file);
    const entry = map?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return frame;
    return `${readableSource(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

const BUNDLE_FRAME = /((?:file:\/\/)?[^\s()]+\.mjs):(\d+):(\d+)/g;
const maps = new Map<string, SourceMap | undefined>();

function sourceMapOf(bundle: string): SourceMap | undefined {
  if (!maps.has(bundle)) {
    try {
      maps.set(bundle, new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8'))));
    } catch {
      // No map beside this file (not one of our bundles): its frames stay as they are.
      maps.set(bundle, undefined);
    }
  }
  return maps.get(bundle);
}

/** `file:///…/functions/db/client.ts` or `../../functions/db/client.ts` → `functions/db/client.ts`. */
function readableSource(source: string): string {
  const file = source.startsWith('file:') ? fileURLToPath(source) : source;
  const normalized = file.split(path.sep).join('/');
  const project = normalized.search(/(?:^|\/)(?:functions|shared|node_modules)\//);
  return project >= 0 ? normalized.slice(project).replace(/^\//, '') : normalized;
}
