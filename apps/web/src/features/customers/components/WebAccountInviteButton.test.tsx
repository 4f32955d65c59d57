import { WEB_ACCOUNT_MESSAGES } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { WebAccountInviteButton } from './WebAccountInviteButton';

const routes = [{ path: '/edit-customer', element: <WebAccountInviteButton customerId={41} /> }];

describe('WebAccountInviteButton', () => {
  it('sends the invitation once per click, with an Idempotency-Key, and says where it went', async () => {
    signIn({ role: 'Manager', roles: ['Manager'] });
    const { requests } = installFakeFetch(() =>
      jsonResponse(200, { message: WEB_ACCOUNT_MESSAGES.invitationSent, data: { email: 'pat@example.com' } }),
    );
    const { user } = renderRoutes(routes, ['/edit-customer']);
    await user.click(screen.getByRole('button', { name: WEB_ACCOUNT_MESSAGES.inviteAction }));

    expect(await screen.findByText(`${WEB_ACCOUNT_MESSAGES.invitationSent} (pat@example.com)`)).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/customers/41/web-account-invitation');
    expect(posts[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal", async () => {
    signIn({ role: 'Admin', roles: ['Admin'] });
    installFakeFetch(() => jsonResponse(400, { message: WEB_ACCOUNT_MESSAGES.noEmail }));
    const { user } = renderRoutes(routes, ['/edit-customer']);
    await user.click(screen.getByRole('button', { name: WEB_ACCOUNT_MESSAGES.inviteAction }));
    expect(await screen.findByText(WEB_ACCOUNT_MESSAGES.noEmail)).toBeInTheDocument();
  });

  it('is not offered to a Representative', () => {
    signIn({ role: 'Representative', roles: ['Representative'] });
    renderRoutes(routes, ['/edit-customer']);
    expect(screen.queryByRole('button', { name: WEB_ACCOUNT_MESSAGES.inviteAction })).not.toBeInTheDocument();
  });
});
