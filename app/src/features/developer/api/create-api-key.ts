import { api } from '../../../lib/api-client';
import type { Schema } from '../../../generated/api-types';
import type { ApiKeyInput } from '../../../lib/core';

export type NewApiKey = Schema<'NewApiKey'>;

/** Creates a key; the answer carries its secret, shown this once. */
export function createApiKey(input: ApiKeyInput) {
  return api.post<NewApiKey>('/developer/keys', input);
}
