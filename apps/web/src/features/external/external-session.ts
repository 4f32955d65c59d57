import { EXTERNAL_MESSAGES, externalAccountSchema, type ExternalAccount } from '@lawn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { mergeUser, resetAppState } from '../../lib/app-store';

/**
 * A customer who proved a phone or an account number holds a property's external token as the session's access
 * token, with the customers role, as the customer's payment pages read it. There is no refresh token: the token
 * lasts an hour, then the customer looks the number up again. Logout clears it with the rest of the session.
 */
export function useStartExternalSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (account: ExternalAccount) => {
      resetAppState();
      queryClient.clear();
      mergeUser({
        accessToken: account.accessToken,
        refreshToken: null,
        authType: 'Bearer',
        firstName: account.firstName,
        fullName: account.firstName,
        role: 'customers',
        roles: ['customers'],
      });
    },
    [queryClient],
  );
}

/** What the calendar carries in the navigation state: every property the phone look-up found, each with its token. */
export type ExternalCalendarState = { accounts: ExternalAccount[] };

const calendarStateSchema = z.object({ accounts: z.array(externalAccountSchema).min(1) });

/** The accounts of the navigation state, or null when there are none (the page then goes back to the look-up). */
export function readExternalCalendarState(state: unknown): ExternalCalendarState | null {
  const parsed = calendarStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

/** A failed look-up shows the server's message, or a general one when no answer came. */
export function lookupErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status < 500 ? errorMessage(error) : EXTERNAL_MESSAGES.unexpected;
}
