/**
 * A fresh random key for one attempt at a purchase, so that a retried request is
 * applied once. getRandomValues works outside secure contexts too, unlike randomUUID.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
