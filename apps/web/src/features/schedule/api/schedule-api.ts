import {
  scheduleStatusResponseSchema,
  scheduleStatusSchema,
  seasonStartSummaryResponseSchema,
  seasonWeeksResponseSchema,
  type SeasonWeekUpdate,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export type SeasonRange = 'all' | 'winter';

/** While a schedule is being processed its status is polled this often, so the bar moves by itself. */
export const SCHEDULE_POLL_MS = 2000;

const processAnswerSchema = z.object({ message: z.string(), data: scheduleStatusSchema });

export const scheduleKeys = {
  all: ['schedule'] as const,
  weeks: (year: number, range: SeasonRange) => ['schedule', 'weeks', year, range] as const,
  status: (year: number) => ['schedule', 'status', year] as const,
  summary: (year: number) => ['schedule', 'season-start-summary', year] as const,
};

export function useSeasonWeeksQuery(year: number, range: SeasonRange) {
  return useQuery({
    queryKey: scheduleKeys.weeks(year, range),
    queryFn: async ({ signal }) =>
      seasonWeeksResponseSchema.parse(await api.get('/schedule', { query: { year, range }, signal })),
  });
}

export function useScheduleStatusQuery(year: number) {
  return useQuery({
    queryKey: scheduleKeys.status(year),
    queryFn: async ({ signal }) =>
      scheduleStatusResponseSchema.parse(await api.get('/schedule/status', { query: { year }, signal })).data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.isProgress ? SCHEDULE_POLL_MS : false),
  });
}

/** Counts change whenever a run ends, so the dialog always asks afresh when it opens. */
export function useSeasonStartSummaryQuery(year: number, isEnabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.summary(year),
    queryFn: async ({ signal }) =>
      seasonStartSummaryResponseSchema.parse(
        await api.get('/schedule/season-start-summary', { query: { year }, signal }),
      ).data,
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** PUT /api/schedule?year=: stores the updates (in the order chosen) and starts processing the year (202). */
export function useProcessScheduleMutation(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (weeks: SeasonWeekUpdate[]) =>
      processAnswerSchema.parse(await api.request('/schedule', { method: 'PUT', query: { year }, body: { weeks } })),
    onSuccess: (answer) => {
      // The answer already is the new status: polling starts without waiting for a refetch.
      queryClient.setQueryData(scheduleKeys.status(year), answer.data);
      return queryClient.invalidateQueries({ queryKey: ['schedule', 'weeks', year] });
    },
    // A 409 means a run started elsewhere: show it.
    onError: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.status(year) }),
  });
}
