import { functionsNow } from './functions-clock';

/**
 * Waits for the next clock-aligned window of `windowMs` when the current one ends within
 * `neededMs`. The sign-in, registration and invitation-link throttles count in such windows and
 * estimate the last `windowMs` from the current and the previous one (functions/throttles/throttles.ts):
 * attempts that straddle a window's end are estimated a fraction below their count, so a test that
 * counts exactly to a limit would see one attempt more allowed. The windows are the functions' clock's.
 */
export async function startWithinOneWindow(windowMs: number, neededMs: number): Promise<void> {
  const left = windowMs - (functionsNow() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
