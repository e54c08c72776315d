import { STEP_UP_REQUIRED } from '@shared/messages';
import { ApiError } from './api-client';

/** A security change waiting for the person to confirm it's them (docs/decisions/038). */
interface PendingStepUp {
  confirmed: () => void;
  /** The refusal the change met, answered to it when the person cancels. */
  cancelled: () => void;
  /** What had focus when the change met the refusal: the dialog gives focus back to it. */
  returnFocus: HTMLElement | null;
}

type Listener = () => void;

/**
 * The step-up asked for, outside React so that a mutation can wait for it: the 'Confirm it's you'
 * dialog shows while one is pending. One at a time: a newer one cancels the older.
 */
let pending: PendingStepUp | undefined;
const listeners = new Set<Listener>();

const publish = (next: PendingStepUp | undefined) => {
  pending = next;
  for (const listener of listeners) listener();
};

export const stepUpStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: () => pending,
  confirm() {
    const current = pending;
    publish(undefined);
    current?.confirmed();
  },
  cancel() {
    const current = pending;
    publish(undefined);
    current?.cancelled();
  },
};

/**
 * Runs a security change; when the API answers that this session must confirm it's the user first
 * (403 STEP_UP_REQUIRED), asks for the password in the dialog and runs it again. Cancelled, the
 * change fails with the API's refusal.
 */
export async function withStepUp<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiError && error.code === STEP_UP_REQUIRED)) throw error;
    await new Promise<void>((resolve, reject) => {
      pending?.cancelled();
      const focused = document.activeElement;
      publish({
        confirmed: resolve,
        cancelled: () => reject(error),
        returnFocus: focused instanceof HTMLElement && focused !== document.body ? focused : null,
      });
    });
    return change();
  }
}
