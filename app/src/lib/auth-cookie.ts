// The access token lives in a readable cookie so that the guards can see a session
// exists; the refresh token is the server's own httpOnly cookie.
export const AUTH_COOKIE = 'Authorization-cookie';
const REMEMBER_KEY = 'dialtone.remember';
const REMEMBER_SECONDS = 30 * 24 * 60 * 60;

function readRemember(): boolean {
  try {
    return window.localStorage.getItem(REMEMBER_KEY) === '1';
  } catch {
    return false;
  }
}

function writeRemember(remember: boolean): void {
  try {
    if (remember) window.localStorage.setItem(REMEMBER_KEY, '1');
    else window.localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // Storage can be disabled; the cookie then simply lasts for the session.
  }
}

export function getAuthToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === AUTH_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

/** Stores the token; `remember` keeps it across browser restarts. Omitted, the last choice holds. */
export function setAuthToken(token: string, remember?: boolean): void {
  const persistent = remember ?? readRemember();
  if (remember !== undefined) writeRemember(remember);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = persistent ? `; Max-Age=${REMEMBER_SECONDS}` : '';
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${maxAge}${secure}`;
}

export function clearAuthToken(): void {
  document.cookie = `${AUTH_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  writeRemember(false);
}

export function hasAuthToken(): boolean {
  return getAuthToken() !== null;
}
