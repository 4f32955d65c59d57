import { formatPhone, OFFICE_HOURS, PAYMENT_MESSAGES, signUpSettingsResponseSchema } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

const publicSettingsKey = ['public-settings'] as const;

/**
 * The public pages' settings (GET /web/sign-up-settings): the quote's video, the marketing site Cancel leads to, and
 * the office's phone and hours as an Admin last set them. Public, asked once per page load, and shared by every component that needs one of them.
 */
export function usePublicSettingsQuery() {
  return useQuery({
    queryKey: publicSettingsKey,
    queryFn: async ({ signal }) =>
      signUpSettingsResponseSchema.parse(await api.get('/web/sign-up-settings', { signal })).data,
    staleTime: Infinity,
  });
}

/** The office's phone as people read it (`+1 (214) 555-0100`), or null while unknown or when none is configured. */
export function useOfficePhone(): string | null {
  const phone = usePublicSettingsQuery().data?.officePhone;
  return phone ? formatPhone(phone) : null;
}

/** The office hours as an Admin last set them; the usual hours while the settings load or fail to. */
export function useOfficeHours(): string {
  return usePublicSettingsQuery().data?.officeHours ?? OFFICE_HOURS;
}

/**
 * A refusal as a customer reads it: the gateway's decline, which says to call the office, names the office's phone
 * when one is configured; any other message is shown as it is.
 */
export function withOfficePhone(message: string, officePhone: string | null): string {
  return message === PAYMENT_MESSAGES.refused && officePhone
    ? PAYMENT_MESSAGES.refusedCallOffice(officePhone)
    : message;
}
