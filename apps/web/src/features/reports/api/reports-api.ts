import {
  messageResponseSchema,
  pageSchema,
  reportSchema,
  type CustomerExportInput,
  type Report,
  type SendReportInput,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import type { GridSearch } from '../../../lib/grid-search';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { saveFile } from '../../../lib/save-file';

const reportPageSchema = pageSchema(reportSchema);
const reportCreatedSchema = z.object({ data: reportSchema, message: z.string() });

/** While a report is being written its row is polled this often, so it turns completed by itself. */
export const REPORT_POLL_MS = 2000;

export const reportKeys = {
  all: ['reports'] as const,
  list: (search: GridSearch) => ['reports', 'list', search] as const,
};

export function isReportPending(report: Report): boolean {
  return report.status === 'requested' || report.status === 'in_progress';
}

export function useReportsQuery(search: GridSearch) {
  return useQuery({
    queryKey: reportKeys.list(search),
    queryFn: async ({ signal }) =>
      reportPageSchema.parse(
        await api.get('/reports', {
          query: { page: search.page + 1, limit: search.pageSize, sort: search.sort },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.data.some(isReportPending) ? REPORT_POLL_MS : false),
  });
}

function useInvalidateReports() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reportKeys.all });
}

/** POST /api/reports/customers: the export runs as a background report (202). Sent by the report-name form. */
export function useCustomerExportMutation() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: async (input: CustomerExportInput) =>
      reportCreatedSchema.parse(await api.post('/reports/customers', input)),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: invalidate,
  });
}

export function useDeleteReportMutation() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: async (report: Report) => messageResponseSchema.parse(await api.delete(`/reports/${report.id}`)),
    onSuccess: invalidate,
  });
}

export function useRetryReportMutation() {
  const invalidate = useInvalidateReports();
  return useMutation({
    mutationFn: (report: Report) => api.post(`/reports/${report.id}/retry`),
    onSuccess: invalidate,
  });
}

/** Sent by the send-email form, which shows its errors. */
export function useSendReportMutation(report: Report) {
  return useMutation({
    mutationFn: async (input: SendReportInput) =>
      messageResponseSchema.parse(await api.post(`/reports/${report.id}/send`, input)),
    meta: FORM_SHOWS_ERRORS,
  });
}

export function useDownloadReportMutation() {
  return useMutation({
    mutationFn: async (report: Report) => {
      const file = await api.download(`/reports/${report.id}/download`);
      saveFile(file.blob, file.filename ?? report.filename);
    },
  });
}
