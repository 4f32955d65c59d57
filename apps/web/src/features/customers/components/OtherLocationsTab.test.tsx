import { LOCATION_MESSAGES, type Location } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { OtherLocationsTab } from './OtherLocationsTab';

function location(overrides: Partial<Location> = {}): Location {
  return {
    id: 5,
    customerAttributesId: 101,
    streetAddress: '9 Oak Ave',
    accountNumber: '500202',
    zipCode: '75201',
    linkedCustomerAttributesId: 202,
    status: 1,
    version: 3,
    createdAt: '2026-06-10T15:00:00Z',
    ...overrides,
  };
}

function fakeServer(list: Location[], answer?: (request: FakeRequest) => Response | undefined) {
  return installFakeFetch((request) => {
    const special = answer?.(request);
    if (special) return special;
    if (request.path === '/customers/101/locations' && request.method === 'GET') {
      return jsonResponse(200, { data: list });
    }
    if (request.path === '/customers/verify/account') {
      const isKnown = request.query.get('account') === '500303';
      return jsonResponse(200, { data: isKnown ? { exists: true, id: 303 } : { exists: false } });
    }
    if (request.path === '/customers/303') {
      return jsonResponse(200, { data: customerDetail({ id: 303, fullName: 'Kim Lee', serviceAddress: '3 Pine Rd' }) });
    }
    if (request.method === 'POST') return jsonResponse(201, { message: LOCATION_MESSAGES.added, data: location() });
    if (request.method === 'DELETE') return jsonResponse(200, { message: LOCATION_MESSAGES.removed });
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderTab() {
  return renderRoutes([
    { path: '/', element: <OtherLocationsTab customerId={101} /> },
    { path: '/edit-customer', element: <LocationProbe name="Customer record" /> },
  ]);
}

describe('Other locations tab', () => {
  beforeEach(() => signIn());

  it('lists the locations, each jumping to its customer', async () => {
    fakeServer([location()]);
    const { user } = renderTab();
    const table = await screen.findByRole('table', { name: 'Other locations' });
    expect(await within(table).findByText('9 Oak Ave')).toBeInTheDocument();
    expect(within(table).getByText('500202')).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'Open account 500202' }));
    expect(await screen.findByRole('heading', { name: 'Customer record' })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/edit-customer?id=202');
  });

  it('says so when there is none', async () => {
    fakeServer([]);
    renderTab();
    expect(await screen.findByText('No other locations yet')).toBeInTheDocument();
  });

  it("needs all three fields: 'Fill in the 3 fields to assign a location'", async () => {
    const { requests } = fakeServer([]);
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add locations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Street address' }), '3 Pine Rd');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LOCATION_MESSAGES.fillAll);
    expect(within(dialog).getAllByText(LOCATION_MESSAGES.fillAll)).toHaveLength(1);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('verifies the account number, then assigns the location', async () => {
    const { requests } = fakeServer([]);
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add locations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    const account = within(dialog).getByRole('textbox', { name: 'Account number' });
    await user.type(account, '500404');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.accountNotFound)).toBeInTheDocument();

    await user.clear(account);
    await user.type(account, '500303');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Verified: Kim Lee, 3 Pine Rd')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Street address' }), '3 Pine Rd');
    await user.type(within(dialog).getByRole('textbox', { name: 'Zip code' }), '75201');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LOCATION_MESSAGES.added)).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/customers/101/locations',
      body: { streetAddress: '3 Pine Rd', accountNumber: '500303', zipCode: '75201' },
    });
  });

  it("shows the server's refusal of the account next to it", async () => {
    fakeServer([], (request) =>
      request.method === 'POST'
        ? jsonResponse(409, {
            message: LOCATION_MESSAGES.alreadyAssigned,
            errors: { accountNumber: [LOCATION_MESSAGES.alreadyAssigned] },
          })
        : undefined,
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add locations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Street address' }), '3 Pine Rd');
    await user.type(within(dialog).getByRole('textbox', { name: 'Account number' }), '500303');
    await user.type(within(dialog).getByRole('textbox', { name: 'Zip code' }), '75201');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LOCATION_MESSAGES.alreadyAssigned)).toBeInTheDocument();
  });

  it("removes a location after 'Are you sure you would like to remove this location?'", async () => {
    const { requests } = fakeServer([location()]);
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Remove 9 Oak Ave' }));
    const question = await screen.findByRole('dialog', { name: 'Remove location' });
    expect(question).toHaveTextContent(LOCATION_MESSAGES.removeConfirm);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: '/customers/101/locations/5' }),
      ),
    );
    expect(await screen.findByText(LOCATION_MESSAGES.removed)).toBeInTheDocument();
  });

  it('edits a location from the version shown, with its values in the form', async () => {
    const { requests } = fakeServer([location()], (request) =>
      request.method === 'PATCH'
        ? jsonResponse(200, { message: LOCATION_MESSAGES.updated, data: location({ streetAddress: '11 Oak Ave' }) })
        : undefined,
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit 9 Oak Ave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    const street = within(dialog).getByRole('textbox', { name: 'Street address' });
    expect(street).toHaveValue('9 Oak Ave');
    expect(within(dialog).getByRole('textbox', { name: 'Account number' })).toHaveValue('500202');
    expect(within(dialog).getByRole('textbox', { name: 'Zip code' })).toHaveValue('75201');

    await user.clear(street);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LOCATION_MESSAGES.fillAll);
    await user.type(street, '11 Oak Ave');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(LOCATION_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit location' })).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([
      expect.objectContaining({
        path: '/customers/101/locations/5',
        body: { streetAddress: '11 Oak Ave', accountNumber: '500202', zipCode: '75201', version: 3 },
      }),
    ]);
  });

  it('says when someone else changed the location meanwhile, shows their values and saves from their version', async () => {
    const list = [location()];
    let patches = 0;
    const { requests } = fakeServer(list, (request) => {
      if (request.method !== 'PATCH') return undefined;
      patches += 1;
      if (patches === 1) {
        // Someone else saved first: the list now has their version.
        list[0] = location({ streetAddress: '10 Oak Ave', version: 4 });
        return jsonResponse(409, { message: LOCATION_MESSAGES.stale });
      }
      return jsonResponse(200, { message: LOCATION_MESSAGES.updated, data: location({ version: 5 }) });
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit 9 Oak Ave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    const zip = within(dialog).getByRole('textbox', { name: 'Zip code' });
    await user.clear(zip);
    await user.type(zip, '75202');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LOCATION_MESSAGES.stale);
    const street = within(dialog).getByRole('textbox', { name: 'Street address' });
    await waitFor(() => expect(street).toHaveValue('10 Oak Ave'));
    expect(zip).toHaveValue('75201');

    await user.clear(zip);
    await user.type(zip, '75202');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LOCATION_MESSAGES.updated)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { streetAddress: '9 Oak Ave', accountNumber: '500202', zipCode: '75202', version: 3 },
      { streetAddress: '10 Oak Ave', accountNumber: '500202', zipCode: '75202', version: 4 },
    ]);
  });
});
