import type { Template } from 'aws-cdk-lib/assertions';
import { BOOTSTRAP_QUALIFIERS } from '../../infra/stages';

/**
 * A template with its own stage's name replaced by <stage> (also inside generated ids, whose hash
 * suffix depends on the path), asset hashes by <asset> and bootstrap qualifiers by <qualifier>, so two
 * stages compare on what matters.
 */
export function normalized(template: Template, stage: string): Record<string, unknown> {
  const dashed = stage.replace(/-/g, '\\-');
  const squeezed = stage.replace(/[^A-Za-z0-9]/g, '');
  const text = JSON.stringify(template.toJSON())
    .replace(new RegExp(`Growthwise${squeezed}([A-Za-z0-9]*?)[0-9A-F]{8}\\b`, 'g'), 'Growthwise<stage>$1<hash>')
    .replace(new RegExp(`\\b${dashed}\\b`, 'g'), '<stage>')
    .replace(/\b[0-9a-f]{64}(\.zip)?\b/g, '<asset>$1')
    // Each stage deploys through its account's bootstrap (infra/stages.ts BOOTSTRAP_QUALIFIERS).
    .replace(new RegExp(`\\b(${Object.values(BOOTSTRAP_QUALIFIERS).join('|')})\\b`, 'g'), '<qualifier>');
  return JSON.parse(text) as Record<string, unknown>;
}

/** Where two JSON values differ: one dotted path per difference (a key present on one side only counts). */
export function differences(a: unknown, b: unknown, path: string[] = []): string[][] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(a) && isObject(b)) {
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((key) =>
      key in a && key in b ? differences(a[key], b[key], [...path, key]) : [[...path, key]],
    );
  }
  return [path];
}
