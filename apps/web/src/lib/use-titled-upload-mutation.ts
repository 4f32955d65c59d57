import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';
import { useIdempotencyKey } from './idempotency-key';
import { FORM_SHOWS_ERRORS } from './mutation-errors';

type TitledUploadOptions<Schema extends z.ZodType> = {
  /** The API path the form (its `title` and its `file`) is posted to. */
  path: string;
  /** The server's answer. */
  answerSchema: Schema;
  /** The queries the saved file changes. */
  invalidates: QueryKey;
};

/**
 * Sends a spreadsheet under a title as one create: the upload dialog shows the server's refusals (each bad line)
 * itself, and a retry after no answer keeps its Idempotency-Key, so the file cannot be saved twice.
 */
export function useTitledUploadMutation<Schema extends z.ZodType>({
  path,
  answerSchema,
  invalidates,
}: TitledUploadOptions<Schema>) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async ({ title, file }: { title: string; file: File }): Promise<z.output<Schema>> => {
      const form = new FormData();
      form.append('title', title);
      form.append('file', file);
      return answerSchema.parse(await api.post(path, form, { idempotencyKey: idempotencyKey.current() }));
    },
    meta: FORM_SHOWS_ERRORS,
    onSettled: async (_data, error) => {
      idempotencyKey.settle(error);
      await queryClient.invalidateQueries({ queryKey: invalidates });
    },
  });
}
