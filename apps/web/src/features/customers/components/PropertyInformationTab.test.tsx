import {
  AUTOSAVE_MESSAGES,
  CUSTOMER_MESSAGES,
  LOT_SIZE_TIERS,
  PROPERTY_MESSAGES,
  serviceFrequencyOf,
  type CustomerDetail,
  type LotSizeOption,
} from '@lawn/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { signIn } from '../../../test/render';
import { fakeRecordServer, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { PropertyInformationTab } from './PropertyInformationTab';

/** The default price table as the API lists it. */
const lotSizes: LotSizeOption[] = LOT_SIZE_TIERS.map(({ prices, ...tier }, index) => ({
  ...tier,
  id: index + 1,
  serviceFrequency: serviceFrequencyOf(prices),
}));

const crewUser = (id: number, crewNumber: number) => ({
  id,
  firstName: 'Crew',
  lastName: String(crewNumber),
  fullName: `Crew ${crewNumber}`,
  email: `crew${id}@lawn.test`,
  role: 'crew',
  status: 1,
  crewNumber,
  joinDate: '2026-01-05',
});

/** The record's server, and the crew users the crew field lists. */
const fakeServer = (start: CustomerDetail, answerPatch?: (request: FakeRequest) => Response | undefined) =>
  fakeRecordServer(start, {
    answerPatch,
    lookups: (request) => {
      if (request.path === '/users') {
        const data = [crewUser(1, 104), crewUser(2, 101), crewUser(3, 104)];
        return jsonResponse(200, {
          data,
          total: 3,
          perPage: 500,
          currentPage: 1,
          firstPageUrl: '/api/users?page=1',
          lastPage: 1,
        });
      }
      return undefined;
    },
  });

/** Every field the saves sent, the latest value of each: typing can be slow enough for a save between keys. */
const savedFields = (requests: FakeRequest[]) =>
  Object.assign({}, ...patches(requests).map((request) => request.body as object)) as Record<string, unknown>;
const render = () =>
  renderRecordTab(101, (customer) => <PropertyInformationTab customer={customer} lotSizes={lotSizes} />);

describe('Property information tab', () => {
  beforeEach(() => signIn());

  it('shows the property and saves a new lot size on its own, with the version it edited', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, lotSize: 'Medium', turfSize: 5200, version: 3 }));
    const { user } = render();
    expect(await screen.findByRole('combobox', { name: 'Lot size' })).toHaveTextContent('Medium');
    expect(screen.getByRole('textbox', { name: 'Turf size (sq ft)' })).toHaveValue('5200');
    expect(screen.getByText('Mowing price $45.00 + tax $3.71 = $48.71')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Lot size' }));
    await user.click(screen.getByRole('option', { name: 'Large' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ lotSize: 'Large', version: 3 });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved)).toBeInTheDocument();
  });

  it('refuses a turf size above 16000 with the spec message and saves nothing; a valid one moves the lot size', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, lotSize: 'Medium', turfSize: 5200, version: 1 }));
    const { user } = render();
    const turf = await screen.findByRole('textbox', { name: 'Turf size (sq ft)' });
    await user.clear(turf);
    await user.type(turf, '16001');
    expect(await screen.findByText(PROPERTY_MESSAGES.size)).toBeInTheDocument();
    await user.clear(turf);
    await user.type(turf, '9500');
    expect(screen.queryByText(PROPERTY_MESSAGES.size)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lot size' })).toHaveTextContent('Xtra large');
    await waitFor(() => expect(savedFields(requests)).toMatchObject({ turfSize: 9500 }), SLOW);
    expect(patches(requests).map((request) => request.body)).not.toContainEqual(
      expect.objectContaining({ turfSize: 16_001 }),
    );
  });

  it('disables Bag grass on a big lot and on the Drought Schedule, and takes it off when the lot becomes big', async () => {
    fakeServer(customerDetail({ id: 101, lotSize: 'Small', mowCut: ['Front', 'BagGrass'], srvFrecuency: 1 }));
    const { user } = render();
    const bagGrass = await screen.findByRole('checkbox', { name: 'Bag grass' });
    expect(bagGrass).toBeEnabled();
    expect(bagGrass).toBeChecked();
    await user.click(screen.getByRole('combobox', { name: 'Lot size' }));
    await user.click(screen.getByRole('option', { name: 'Jumbo' }));
    expect(screen.getByRole('checkbox', { name: 'Bag grass' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Bag grass' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Front' })).toBeChecked();
  });

  it('keeps Bag grass off on the Drought Schedule', async () => {
    fakeServer(customerDetail({ id: 101, lotSize: 'Small', srvFrecuency: 4 }));
    render();
    expect(await screen.findByRole('checkbox', { name: 'Bag grass' })).toBeDisabled();
  });

  it('saves the areas to mow, and asks for at least one', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, mowCut: ['Front'], version: 2 }));
    const { user } = render();
    await user.click(await screen.findByRole('checkbox', { name: 'Front' }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.mowCutRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Duplex right' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ mowCut: ['DuplexRight'], version: 2 });
  });

  it('types the lot review in capitals, and saves the codes, the corner lot and a crew from the crews list', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, crew: 12, version: 1 }));
    const { user } = render();
    await user.type(await screen.findByRole('textbox', { name: 'Lot review' }), 'ab1');
    expect(screen.getByRole('textbox', { name: 'Lot review' })).toHaveValue('AB1');
    await user.type(screen.getByRole('textbox', { name: 'Gate code' }), '#77');
    await user.click(screen.getByRole('checkbox', { name: 'Corner lot' }));
    await user.click(screen.getByRole('combobox', { name: 'Crew' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['None', '12', '101', '104']);
    await user.click(screen.getByRole('option', { name: '104' }));
    await waitFor(
      () =>
        expect(savedFields(requests)).toMatchObject({
          lotReview: 'AB1',
          gateCode: '#77',
          useCornerLot: true,
          crew: 104,
        }),
      SLOW,
    );
    expect(patches(requests)[0]?.body).toMatchObject({ version: 1 });
  });

  it('answers the sign rules of latitude and longitude with the spec messages, and saves neither', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, lat: null, lng: null }));
    const { user } = render();
    await user.type(await screen.findByRole('textbox', { name: 'Latitude' }), '-30');
    expect(await screen.findByText(PROPERTY_MESSAGES.latPositive)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), 'west');
    expect(await screen.findByText(PROPERTY_MESSAGES.lngNegative)).toBeInTheDocument();
    // Longer than the autosave's wait: nothing was sent.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(patches(requests)).toEqual([]);
  });

  it('shows the newer values and says so when someone else changed the record meanwhile (409)', async () => {
    const start = customerDetail({ id: 101, lotSize: 'Medium', version: 1 });
    const server = fakeServer(start, () => {
      server.setCurrent({ ...start, lotSize: 'Small', version: 2 });
      return jsonResponse(409, { message: CUSTOMER_MESSAGES.stale });
    });
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Lot size' }));
    await user.click(screen.getByRole('option', { name: 'Large' }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.stale, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Lot size' })).toHaveTextContent('Small'));
  });
});
