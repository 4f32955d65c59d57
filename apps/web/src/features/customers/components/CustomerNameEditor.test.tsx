import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { CustomerNameEditor } from './CustomerNameEditor';

// The name editor validates with the API's own rules (the shared customer patch schema through its resolver), so
// each broken rule shows its own message under the field and nothing is sent.

const customer = customerDetail({ firstName: 'Ann', lastName: 'Lee', fullName: 'Ann Lee' });

function renderEditor() {
  signIn();
  const server = installFakeFetch((request) =>
    request.method === 'PATCH'
      ? jsonResponse(200, { data: { ...customer, ...(request.body as object) } })
      : jsonResponse(404, { message: 'Not found' }),
  );
  const view = renderRoutes([{ path: '/', element: <CustomerNameEditor customer={customer} /> }]);
  return { ...view, requests: server.requests };
}

async function submitName(user: ReturnType<typeof renderEditor>['user'], label: string, value: string) {
  await user.click(screen.getByRole('button', { name: 'Edit name' }));
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'Save name' }));
  return field;
}

describe('CustomerNameEditor', () => {
  it.each([
    ['First name', '', 'First name is required'],
    ['First name', '   ', 'First name is required'],
    ['First name', 'x'.repeat(51), 'Max. 50 characters'],
    ['Last name', '', 'Last name is required'],
    ['Last name', 'x'.repeat(51), 'Max. 50 characters'],
  ])('%s %j shows %j under the field and sends nothing', async (label, value, message) => {
    const { user, requests } = renderEditor();
    const field = await submitName(user, label, value);
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('saves a name of exactly 50 characters', async () => {
    const { user, requests } = renderEditor();
    await submitName(user, 'First name', 'x'.repeat(50));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      path: `/customers/${customer.id}`,
      body: { firstName: 'x'.repeat(50), lastName: 'Lee' },
    });
  });
});
