import { useRef } from 'react';

/**
 * One Idempotency-Key per submit of an idempotent endpoint (Endpoint.idempotent): the same values
 * sent again by the same form (a double click, a retry after a network error or a failed answer) go
 * with the same key, so the server makes one thing of them; other values, or a submit after a
 * success, get a new key (docs/decisions/033).
 */
export function useSubmitKey() {
  const last = useRef<{ values: string; key: string } | undefined>(undefined);
  return {
    /** The key to send with these values. */
    keyFor(values: unknown): string {
      const text = JSON.stringify(values);
      if (last.current?.values !== text) last.current = { values: text, key: crypto.randomUUID() };
      return last.current.key;
    },
    /** The submit succeeded: the next one is a new request, even with the same values. */
    succeeded() {
      last.current = undefined;
    },
  };
}
