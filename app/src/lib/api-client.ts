import { clearAuthToken, getAuthToken, setAuthToken } from './auth-cookie';

export const API_BASE = '/api';

export type FieldMessages = Record<string, string>;

/** An error answered by the API: `{"message": "...", "errors": {"field": "message"}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldMessages;
  /** The whole answer, for the few errors that say more than a message (an IVR flow's
   * problems, each with its step). */
  readonly body?: unknown;

  constructor(status: number, message: string, errors?: FieldMessages, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Field messages of a 400/409/422 answer, or an empty object. */
export function fieldErrorsOf(error: unknown): FieldMessages {
  return isApiError(error) && error.errors ? error.errors : {};
}

export function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** A failed call's message when no field explains it (those show under their fields), else null. */
export function generalFailureOf(
  call: { isError: boolean; error: unknown },
  fallback: string,
): string | null {
  return call.isError && Object.keys(fieldErrorsOf(call.error)).length === 0
    ? messageOf(call.error, fallback)
    : null;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (a chosen file) goes as it is, so the browser streams it from
   * disk instead of the page reading it whole (give its Content-Type in `headers`). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key for a purchase. */
  headers?: Record<string, string>;
  /** When false, a failed token refresh rejects without sending the browser to /login. */
  redirectOnAuthFailure?: boolean;
}

// Calls whose 401 means "wrong credentials" or "no session", never "token expired".
const NO_REFRESH = new Set(['/auth/login', '/auth/signup', '/auth/refresh-token', '/auth/logout']);

let authFailureHandler = (): void => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** Replaces what happens after a failed refresh (tests; the default redirects to /login). */
export function setAuthFailureHandler(handler: () => void): void {
  authFailureHandler = handler;
}

let refreshInFlight: Promise<string> | null = null;

async function send(path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const file = options.body instanceof Blob ? options.body : null;
  if (options.body !== undefined && !file) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response, path: string): Promise<ApiError> {
  const body = await readBody(response);
  const data = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  const message =
    typeof data.message === 'string' && data.message !== ''
      ? data.message
      : `Request failed with status ${response.status}`;
  const errors =
    typeof data.errors === 'object' && data.errors !== null
      ? (data.errors as FieldMessages)
      : undefined;
  if (response.status >= 500) console.error(`Server error ${response.status} on ${path}`, body);
  return new ApiError(response.status, message, errors, body);
}

async function requestNewToken(): Promise<string> {
  const response = await send('/auth/refresh-token', { method: 'POST' }, null);
  if (!response.ok) throw await toApiError(response, '/auth/refresh-token');
  const data = (await readBody(response)) as { accessToken?: unknown } | undefined;
  if (typeof data?.accessToken !== 'string' || data.accessToken === '') {
    throw new ApiError(401, 'Your session has expired. Please log in again.');
  }
  setAuthToken(data.accessToken);
  return data.accessToken;
}

const REFRESH_LOCK = 'dialtone-refresh-token';

/**
 * One refresh for every request that got a 401 meanwhile, and across tabs: the Web
 * Locks API lets one tab refresh at a time, and a tab that waited finds the token
 * the other one stored in the shared cookie. Without Web Locks, one per tab.
 */
function refreshAccessToken(usedToken: string | null): Promise<string> {
  refreshInFlight ??= (async () => {
    if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) {
      return requestNewToken();
    }
    return navigator.locks.request(REFRESH_LOCK, () => {
      const current = getAuthToken();
      if (current && current !== usedToken) return current;
      return requestNewToken();
    });
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function retryAfterRefresh(path: string, options: RequestOptions, usedToken: string | null) {
  const current = getAuthToken();
  // Another request already refreshed while this one was in flight: just use its token.
  if (current && current !== usedToken) return send(path, options, current);
  let token: string;
  try {
    token = await refreshAccessToken(usedToken);
  } catch (error) {
    clearAuthToken();
    if (options.redirectOnAuthFailure !== false) authFailureHandler();
    throw isApiError(error)
      ? new ApiError(401, 'Your session has expired. Please log in again.')
      : error;
  }
  return send(path, options, token);
}

/** Sends a request with the 401 -> refresh -> retry rule; rejects with ApiError unless 2xx. */
async function request(path: string, options: RequestOptions): Promise<Response> {
  const usedToken = getAuthToken();
  let response = await send(path, options, usedToken);
  const bare = path.split('?')[0];
  if (response.status === 401 && !NO_REFRESH.has(bare)) {
    response = await retryAfterRefresh(path, options, usedToken);
  }
  if (!response.ok) throw await toApiError(response, path);
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  return (await readBody(response)) as T;
}

/** A file answered by the API (a CSV export), with the same auth handling as JSON calls. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await request(path, options);
  return response.blob();
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
