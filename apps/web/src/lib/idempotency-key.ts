import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';

/**
 * The Idempotency-Key of one intended create. It is kept while a request gets no answer (the network failed, or the
 * server did, 5xx), so sending again cannot create twice; once the server has answered (created, or refused the
 * input), the next send is a new create with a new key.
 */
export function useIdempotencyKey() {
  const key = useRef(crypto.randomUUID());
  const current = useCallback(() => key.current, []);
  const settle = useCallback((error: unknown) => {
    const isAnswered = error === null || (error instanceof ApiError && error.status < 500);
    if (isAnswered) key.current = crypto.randomUUID();
  }, []);
  return { current, settle };
}
