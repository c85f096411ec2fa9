import { api } from '../../../lib/api-client';
import type { ApiKeyInput } from '../../../lib/core';

export type NewApiKey = { sid: string; name: string; secret: string; createdAt: string };

/** Creates a key; the answer carries its secret, shown this once. */
export function createApiKey(input: ApiKeyInput) {
  return api.post<NewApiKey>('/developer/keys', input);
}
