import { api } from '../../../lib/api-client';
import type { RangeInput } from '../../../lib/core';
import type { Schema } from '../../../generated/api-types';

export type RangePreview = Schema<'RangePreview'>;

/** Previews (apply false) or adds a range of consecutive numbers. */
export function addRange(range: RangeInput, apply: boolean) {
  return api.post<RangePreview>('/admin/phones/range', { ...range, apply });
}
