import {
  externalAccountLoginResponseSchema,
  externalCalendarResponseSchema,
  externalPaymentSchema,
  externalPhoneSearchResponseSchema,
  pageSchema,
  type Calendar,
  type CompletedService,
  type ExternalAccountLogin,
  type ExternalPhoneSearch,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PhotoLoader } from '../../../components/VisitPhotosDialog';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

const externalKeys = {
  calendar: (token: string, year: number | null) => ['external', 'calendar', token, year] as const,
  payments: (token: string, page: number) => ['external', 'payments', token, page] as const,
};

/**
 * The look-ups send no session token: they are how a customer gets one, and a refused number must never look like
 * an expired session (`token: null` never refreshes or ends the session).
 */
export function usePhoneSearchMutation() {
  return useMutation({
    mutationFn: async (input: ExternalPhoneSearch) =>
      externalPhoneSearchResponseSchema.parse(await api.post('/external/search-phone', input, { token: null })).data,
    meta: FORM_SHOWS_ERRORS,
  });
}

export function useAccountLoginMutation() {
  return useMutation({
    mutationFn: async (input: ExternalAccountLogin) =>
      externalAccountLoginResponseSchema.parse(await api.post('/external/login-account', input, { token: null })).data,
    meta: FORM_SHOWS_ERRORS,
  });
}

/**
 * One property's calendar of a year, with that property's own token, shaped for the read-only calendar, and the
 * year's completed visits with their photos.
 */
export function useExternalCalendarQuery(token: string, year: number | null) {
  return useQuery({
    queryKey: externalKeys.calendar(token, year),
    queryFn: async ({ signal }): Promise<Calendar & { visits: CompletedService[] }> => {
      const body = externalCalendarResponseSchema.parse(
        await api.get('/external/calendar', { query: { year }, token, signal }),
      );
      return {
        year: body.year,
        years: body.years,
        filter: 'all',
        hasWinter: false,
        data: body.calendar.data,
        visits: body.visits,
      };
    },
    placeholderData: keepPreviousData,
  });
}

const paymentsPageSchema = pageSchema(externalPaymentSchema);

/** A page of the property's paid services with week, weekday and payment type. */
export function useExternalPaymentsQuery(token: string, page: number) {
  return useQuery({
    queryKey: externalKeys.payments(token, page),
    queryFn: async ({ signal }) =>
      paymentsPageSchema.parse(
        await api.get('/external/payments', {
          query: {
            render: 'paginate',
            'filter[status]': 1,
            include: 'crewService,customerPayment',
            page,
          },
          token,
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A completed visit's photo, with the property's own token (the server finds only that property's photos). */
export const loadExternalPhoto =
  (token: string): PhotoLoader =>
  async (visit, photo) =>
    (await api.download(`/external/visits/${visit.id}/photos/${photo.id}`, { token })).blob;
