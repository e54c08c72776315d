import type { ApiErrorBody } from '../../../shared/api-error';

/** A non-2xx answer: its message is `{status}: {message}` as spec section 8 shows it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The one API client: same origin, cookies included, JSON in and out. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    let fieldErrors: Record<string, string> | undefined;
    try {
      const parsed = JSON.parse(text) as ApiErrorBody;
      if (parsed.message) message = parsed.message;
      fieldErrors = parsed.fieldErrors;
    } catch {
      // Not JSON: the body text (or status text) is the message.
    }
    throw new ApiError(response.status, `${response.status}: ${message}`, fieldErrors);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
