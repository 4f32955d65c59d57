import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';

/**
 * A fresh Idempotency-Key (a random UUID, version 4) for one intended create. Built from getRandomValues because
 * crypto.randomUUID exists only on https and localhost, and the app is also served over plain http on a LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of one intended create. It is kept while a request gets no answer (the network failed, or the
 * server did, 5xx), so sending again cannot create twice; once the server has answered (created, or refused the
 * input), the next send is a new create with a new key.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= newIdempotencyKey()), []);
  const settle = useCallback((error: unknown) => {
    const isAnswered = error === null || (error instanceof ApiError && error.status < 500);
    if (isAnswered) key.current = newIdempotencyKey();
  }, []);
  return { current, settle };
}
