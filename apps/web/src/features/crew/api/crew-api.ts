import { crewDayResponseSchema, visitActionResponseSchema, type CrewDay } from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { flushVisits, pendingVisits, queueVisit, type QueuedVisit, type VisitAction } from '../visit-queue';

const crewKeys = { day: ['crew', 'today'] as const };

/** Today's stops of the signed-in crew member. */
export function useCrewDayQuery() {
  return useQuery({
    queryKey: crewKeys.day,
    queryFn: async ({ signal }): Promise<CrewDay> =>
      crewDayResponseSchema.parse(await api.get('/crew/today', { signal })),
  });
}

/** POSTs one queued action as multipart/form-data, under the Idempotency-Key it was given when it was taken. */
async function sendVisit(visit: QueuedVisit): Promise<void> {
  // The text fields go before the photo: the server checks the day and the stop before it stores the photo.
  const form = new FormData();
  form.append('workday', visit.workday);
  if (visit.action === 'check-out') form.append('note', visit.note);
  form.append('photo', new File([visit.photo.bytes], visit.photo.name, { type: visit.photo.type }));
  visitActionResponseSchema.parse(
    await api.post(`/crew/stops/${visit.propertyId}/${visit.action}`, form, { idempotencyKey: visit.key }),
  );
}

/** A photo's bytes, to keep on the phone (FileReader, which every browser the crew uses has). */
function readBytes(photo: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsArrayBuffer(photo);
  });
}

export type TakenVisit = { propertyId: number; workday: string; action: VisitAction; photo: File; note?: string };

/**
 * The crew's check-ins and check-outs, kept on the phone until the server answers: an action is queued first, then
 * sent with everything else waiting; one taken without connection waits ("Waiting to send") and goes when the
 * connection returns (the browser's `online` event) or the page is opened again. A refusal reaches the shared error
 * handler; the day reloads after every answer.
 */
export function useVisitQueue() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<readonly QueuedVisit[]>([]);
  const reload = useCallback(async () => setPending(await pendingVisits()), []);
  const { mutate: sendWaiting, isPending: isSending } = useMutation({
    mutationFn: async () => {
      const outcomes = await flushVisits(sendVisit);
      const refused = outcomes.find((outcome) => outcome.status === 'refused');
      if (refused?.status === 'refused') throw refused.error;
      return outcomes;
    },
    onSettled: async (outcomes) => {
      await reload();
      const wasAnswered = outcomes === undefined || outcomes.some((outcome) => outcome.status !== 'waiting');
      if (wasAnswered) await queryClient.invalidateQueries({ queryKey: crewKeys.day });
    },
  });

  useEffect(() => {
    const send = () => sendWaiting();
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [sendWaiting]);

  const take = useCallback(
    async ({ propertyId, workday, action, photo, note = '' }: TakenVisit) => {
      await queueVisit({
        key: newIdempotencyKey(),
        propertyId,
        workday,
        action,
        photo: { name: photo.name, type: photo.type, bytes: await readBytes(photo) },
        note,
        queuedAt: Date.now(),
      });
      await reload();
      sendWaiting();
    },
    [reload, sendWaiting],
  );

  return { pending, take, isSending };
}
