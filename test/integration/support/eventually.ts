/**
 * Reads until `done` holds of the answer, as a user waits for something the table stream writes
 * after the request (notifications come from the fan-out a moment later); bounded, never a fixed sleep.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
