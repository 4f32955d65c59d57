import {
  bushBedReportRowSchema,
  marketListSchema,
  operationsReportRowSchema,
  pageSchema,
  reconciliationReportRowSchema,
  reportSchema,
  type ReportSelection,
  type SelectionReportRequest,
  type SelectionReportType,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import type { GridSearch } from '../../../lib/grid-search';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { reportKeys } from './reports-api';

const ROW_SCHEMAS = {
  operations: operationsReportRowSchema,
  reconciliation: reconciliationReportRowSchema,
  'bush-bed': bushBedReportRowSchema,
} as const;

/** A row of any route report: each has its own fields, and a key that names it in the grid. */
export type SelectionReportRow = { key: string; propertyId: number } & Record<string, unknown>;

const reportCreatedSchema = z.object({ data: reportSchema, message: z.string() });

/** The selection as the API's list filters: `filter[year]=2026&filter[week]=16`. */
export function selectionQuery(selection: ReportSelection): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [field, value] of Object.entries(selection)) {
    if (value !== undefined) query[`filter[${field}]`] = String(value);
  }
  return query;
}

export function useSelectionReportQuery(
  type: SelectionReportType,
  selection: ReportSelection | null,
  search: Pick<GridSearch, 'page' | 'pageSize'>,
) {
  return useQuery({
    queryKey: ['selection-reports', type, selection, search] as const,
    queryFn: async ({ signal }) => {
      const page = pageSchema(ROW_SCHEMAS[type]).parse(
        await api.get(`/reports/${type}`, {
          query: { ...selectionQuery(selection ?? { year: 0 }), page: search.page + 1, limit: search.pageSize },
          signal,
        }),
      );
      return { ...page, data: page.data as SelectionReportRow[] };
    },
    enabled: selection !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/reports/{type}: the report's file is written in the background (202). Sent by the report-name form, with
 * an Idempotency-Key so saving again after a lost answer asks for one report.
 */
export function useSelectionReportFileMutation(type: SelectionReportType) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: SelectionReportRequest) =>
      reportCreatedSchema.parse(
        await api.post(`/reports/${type}`, input, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    onSettled: (_data, error) => idempotencyKey.settle(error),
  });
}

/** The markets a selection may name. */
export function useReportMarketsQuery() {
  return useQuery({
    queryKey: ['selection-reports', 'markets'] as const,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
    staleTime: 5 * 60_000,
  });
}
