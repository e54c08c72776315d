import { startTransition, useEffect, useState } from 'react';

/**
 * A long list on the frame it first appears: its first `count` items, what a screen shows, drawn
 * first; every item from the next frame on, as a transition (the browser stays responsive while
 * the rest is drawn), and at once whenever the list changes after that. /projects' first page is
 * 100 rows, each a link, a status select and three actions: drawing them all before the first
 * paint made the first rows wait for the last (issue 36's first-rows budget; decision 030).
 * Only the first frame is short: rows never lag the data, as a deferred value would make them.
 */
export function useFirstFrameSlice<T>(items: T[], count: number): { shown: T[]; complete: boolean } {
  const [firstFrame, setFirstFrame] = useState(true);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setFirstFrame(false)));
    return () => cancelAnimationFrame(frame);
  }, []);
  if (!firstFrame || items.length <= count) return { shown: items, complete: true };
  return { shown: items.slice(0, count), complete: false };
}
