import { expect, it } from 'vitest';

type Builders = Record<string, (...args: never[]) => unknown>;

/**
 * Pins what each of a folder's key builders returns for the given arguments, and that every
 * builder of it is pinned: stored items carry these strings, so a builder that changes one loses
 * the table's data, and a new builder is written down the day it is added.
 */
export function pinBuilders<T extends Builders>(
  name: string,
  builders: T,
  pins: { [K in keyof T]: [Parameters<T[K]>, unknown] },
) {
  it.each(Object.entries(pins))(`${name}.%s`, (builder, [args, expected]) => {
    expect((builders[builder] as (...values: unknown[]) => unknown)(...(args as unknown[]))).toEqual(expected);
  });
  it(`pins every builder of ${name}`, () => {
    expect(Object.keys(pins).sort()).toEqual(Object.keys(builders).sort());
  });
}
