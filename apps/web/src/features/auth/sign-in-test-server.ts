import { screen } from '@testing-library/react';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import type { renderRoutes } from '../../test/render';
import type { AuthDoor } from './auth-doors';

/** Where each door posts its sign-in, written out so a wrong path in the page fails the test. */
const LOGIN_CALL: Record<AuthDoor, string> = { staff: '/auth/login', customer: '/web/auth/login' };

/** Who signs in at each door: a manager at the office's, a customer at the web account's. */
const PERSON: Record<AuthDoor, { id: number; firstName: string; lastName: string; email: string }> = {
  staff: { id: 7, firstName: 'Ana', lastName: 'Flores', email: 'ana@lawn.test' },
  customer: { id: 31, firstName: 'Jo', lastName: 'Park', email: 'jo@example.com' },
};

const tokens = { data: { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900, authType: 'Bearer' } };

/** GET /me for the door's person, with the role the server gave them. */
function me(door: AuthDoor, role: string) {
  const person = PERSON[door];
  return {
    data: {
      ...person,
      fullName: `${person.firstName} ${person.lastName}`,
      role,
      status: 1,
      crewNumber: null,
      joinDate: '2026-01-05',
      roles: [role],
      navigation: [],
    },
  };
}

/**
 * A fake API where the door's sign-in succeeds for the door's person with `role` (which may be another door's role,
 * to see the page refuse it), and sign-out works; anything else is a 404.
 */
export function fakeSignInServer(door: AuthDoor, role: string) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === LOGIN_CALL[door]) return jsonResponse(200, tokens);
    if (request.path === '/me') return jsonResponse(200, me(door, role));
    if (request.path === '/auth/logout') return jsonResponse(200, { message: 'Signed out' });
    return jsonResponse(404, { message: 'Not found' });
  });
}

/** Types the e-mail and password into the sign-in form and presses Login. */
export async function fillAndSubmit(user: ReturnType<typeof renderRoutes>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}
