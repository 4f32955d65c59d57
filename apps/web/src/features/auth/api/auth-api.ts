import {
  AUTH_MESSAGES,
  loginResponseSchema,
  meSchema,
  messageResponseSchema,
  type LoginInput,
  type Me,
  type RecoverPasswordInput,
  type ResetPasswordInput,
  type TokenPair,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import { appStore, mergeUser, resetAppState, type SessionUser } from '../../../lib/app-store';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { AUTH_DOORS, type AuthDoor } from '../auth-doors';

/** Customers have their own sign-in (/web/login); the staff form turns them away. */
export const NOT_STAFF_MESSAGE = AUTH_MESSAGES.notStaff;

export const meQueryKey = ['me'] as const;

function profileOf(me: Me): Omit<SessionUser, 'accessToken' | 'refreshToken' | 'authType' | 'signInPath'> {
  return {
    id: me.id,
    firstName: me.firstName,
    lastName: me.lastName,
    fullName: me.fullName,
    email: me.email,
    role: me.role,
    roles: me.roles,
    navigation: me.navigation,
  };
}

async function fetchMe(token?: string): Promise<Me> {
  const options = token === undefined ? undefined : { token };
  return meSchema.parse(await api.get('/me', options)).data;
}

type RevocableTokens = Pick<SessionUser, 'accessToken' | 'refreshToken'>;

/** Best effort: a sign-out must succeed locally even when the server cannot be reached. */
export function revokeSession({ accessToken, refreshToken }: RevocableTokens): void {
  if (!refreshToken) return;
  api.post('/auth/logout', { refreshToken }, { token: accessToken }).catch(() => undefined);
}

async function signIn(door: AuthDoor, input: LoginInput): Promise<SessionUser> {
  const settings = AUTH_DOORS[door];
  const tokens: TokenPair = loginResponseSchema.parse(await api.post(`${settings.apiPrefix}/login`, input)).data;
  // The token is passed explicitly: nothing is stored until the whole sign-in has worked, so the
  // login page never sees half a session.
  const me = await fetchMe(tokens.accessToken);
  if (!settings.accepts(me.role)) {
    revokeSession(tokens);
    throw new Error(settings.refusal);
  }
  return { ...tokens, ...profileOf(me), signInPath: settings.login };
}

export function useLoginMutation(door: AuthDoor = 'staff') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => signIn(door, input),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: (user) => {
      queryClient.clear();
      appStore.setState((state) => ({ ...state, user }));
    },
  });
}

export function useRecoverPasswordMutation(door: AuthDoor = 'staff') {
  return useMutation({
    mutationFn: async (input: RecoverPasswordInput) =>
      messageResponseSchema.parse(await api.post(`${AUTH_DOORS[door].apiPrefix}/recover-password`, input)),
    meta: FORM_SHOWS_ERRORS,
  });
}

export function useResetPasswordMutation(door: AuthDoor = 'staff') {
  return useMutation({
    mutationFn: async (input: ResetPasswordInput) =>
      messageResponseSchema.parse(await api.post(`${AUTH_DOORS[door].apiPrefix}/reset-password`, input)),
    meta: FORM_SHOWS_ERRORS,
  });
}

/** Keeps the stored profile (name, role, navigation) in step with the server while signed in. */
export function useMeQuery(isEnabled: boolean) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      const me = await fetchMe();
      mergeUser(profileOf(me));
      return me;
    },
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

/** Drops everything this browser knows about the session: persisted state and cached server data. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    resetAppState();
    queryClient.clear();
  }, [queryClient]);
}
