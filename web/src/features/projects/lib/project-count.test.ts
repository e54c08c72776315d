import { describe, expect, it } from 'vitest';
import { projectCountText } from './project-count';

describe('projectCountText', () => {
  it('says how many projects the organization has, as the server counts them, before every page is loaded', () => {
    expect(projectCountText({ loaded: 100, complete: false, matched: 50_000, filtered: false })).toBe('50,000 projects');
    expect(projectCountText({ loaded: 1, complete: true, matched: 1, filtered: false })).toBe('1 project');
  });

  it("says 'N of M projects' for a filtered list", () => {
    expect(projectCountText({ loaded: 2, complete: true, matched: 2, total: 4, filtered: true })).toBe('2 of 4 projects');
    // A name search is not counted by the server: all of it is loaded, so the rows are the count.
    expect(projectCountText({ loaded: 3, complete: true, total: 4, filtered: true })).toBe('3 of 4 projects');
  });

  it('says at least how many a filtered list has while its further pages are not loaded and not counted', () => {
    expect(projectCountText({ loaded: 100, complete: false, total: 50_000, filtered: true })).toBe('100+ of 50,000 projects');
    expect(projectCountText({ loaded: 100, complete: false, filtered: true })).toBe('100+ projects');
  });
});
