// Direct API calls for arranging browser tests (creating accounts, changing data).
import { baseUrl } from './browser';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export async function api<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function loginToken(email: string, password: string): Promise<string> {
  const r = await api<{ accessToken: string }>('POST', '/auth/login', { email, password });
  return r.accessToken;
}

export const DEMO_ADMIN = { email: 'admin@dialtone.test', password: 'admin123' };
export const DEMO_CLIENT = { email: 'client@dialtone.test', password: 'client123' };
