import {
  AUTOSAVE_MESSAGES,
  CUSTOMER_MESSAGES,
  LOT_SIZE_TIERS,
  PROPERTY_MESSAGES,
  RECORD_SAVE_MESSAGES,
  serviceFrequencyOf,
  type CustomerDetail,
  type LotSizeOption,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
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

/** The value each saved field started from, the first save of it: typing can be slow enough for a save between keys. */
const savedBases = (requests: FakeRequest[]) =>
  Object.assign(
    {},
    ...patches(requests)
      .map((request) => (request.body as { base: object }).base)
      .reverse(),
  ) as Record<string, unknown>;

/** Every field the saves sent, the latest value of each: typing can be slow enough for a save between keys. */
const savedFields = (requests: FakeRequest[]) =>
  Object.assign({}, ...patches(requests).map((request) => request.body as object)) as Record<string, unknown>;
const render = () =>
  renderRecordTab(101, (customer) => <PropertyInformationTab customer={customer} lotSizes={lotSizes} />);

describe('Property information tab', () => {
  beforeEach(() => signIn());

  it('shows the property and saves a new lot size on its own, with the value it started from', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, lotSize: 'Medium', turfSize: 5200, version: 3 }));
    const { user } = render();
    expect(await screen.findByRole('combobox', { name: 'Lot size' })).toHaveTextContent('Medium');
    expect(screen.getByRole('textbox', { name: 'Turf size (sq ft)' })).toHaveValue('5200');
    expect(screen.getByText('Mowing price $45.00 + tax $3.71 = $48.71')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Lot size' }));
    await user.click(screen.getByRole('option', { name: 'Large' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ lotSize: 'Large', base: { lotSize: 'Medium' } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved)).toBeInTheDocument();
  });

  it('refuses a turf size above 16000 with the spec message and saves nothing; a valid one moves the lot size', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, lotSize: 'Medium', turfSize: 5200, version: 1 }));
    const { user } = render();
    const turf = await screen.findByRole('textbox', { name: 'Turf size (sq ft)' });
    await user.clear(turf);
    await user.type(turf, '16001');
    expect(await screen.findByText(PROPERTY_MESSAGES.size, {}, SLOW)).toBeInTheDocument();
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
    expect(screen.getByText('Bag grass cannot be chosen on the Drought Schedule frequency')).toBeVisible();
  });

  it('keeps Bag grass off on the 3-Weekly frequency, and never sends back one an older record still has', async () => {
    const { requests } = fakeServer(
      customerDetail({ id: 101, lotSize: 'Small', srvFrecuency: 3, mowCut: ['Front', 'Back', 'BagGrass'], version: 3 }),
    );
    const { user } = render();
    expect(await screen.findByRole('checkbox', { name: 'Bag grass' })).toBeDisabled();
    expect(screen.getByText('Bag grass cannot be chosen on the 3-Weekly frequency')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Back' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({
      mowCut: ['Front'],
      base: { mowCut: ['Front', 'Back', 'BagGrass'] },
    });
    expect(screen.getByRole('checkbox', { name: 'Bag grass' })).not.toBeChecked();
  });

  it('saves the areas to mow, and asks for at least one', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, mowCut: ['Front'], version: 2 }));
    const { user } = render();
    await user.click(await screen.findByRole('checkbox', { name: 'Front' }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.mowCutRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Duplex right' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ mowCut: ['DuplexRight'], base: { mowCut: ['Front'] } });
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
    // Each save sends only its own fields, each with the value it started from.
    expect(savedBases(requests)).toEqual({ lotReview: null, gateCode: null, useCornerLot: false, crew: 12 });
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

  it('shows what someone else changed in another field, and saves only its own field over it', async () => {
    const start = customerDetail({ id: 101, lotSize: 'Medium', crew: 12, version: 1 });
    const server = fakeServer(start);
    const { user } = render();
    const gate = await screen.findByRole('textbox', { name: 'Gate code' });
    server.setCurrent({ ...start, crew: 104, version: 2 });
    await user.type(gate, '#9');
    await waitFor(() => expect(savedFields(server.requests)).toMatchObject({ gateCode: '#9' }), SLOW);
    expect(patches(server.requests).every((request) => !('crew' in (request.body as object)))).toBe(true);
    // The answer carries the other person's crew: the tab shows it, and the typed code stays.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Crew' })).toHaveTextContent('104'));
    expect(screen.getByRole('textbox', { name: 'Gate code' })).toHaveValue('#9');
    expect(screen.queryByRole('group', { name: /Gate code/ })).not.toBeInTheDocument();
  });

  it('keeps what was typed in a field someone else changed meanwhile, shows both, and saves it when told', async () => {
    const start = customerDetail({ id: 101, lotReview: 'AB', version: 1 });
    const server = fakeServer(start);
    const { user } = render();
    const review = await screen.findByRole('textbox', { name: 'Lot review' });
    server.setCurrent({ ...start, lotReview: 'ZZ', version: 2 });
    await user.clear(review);
    await user.type(review, 'ok');
    const conflict = await screen.findByRole('group', { name: /^Lot review: / }, SLOW);
    expect(conflict).toHaveTextContent('Yours: OK');
    expect(conflict).toHaveTextContent('Saved by Kim Lee: ZZ');
    expect(screen.getByRole('textbox', { name: 'Lot review' })).toHaveValue('OK');
    expect(screen.getByRole('status')).toHaveTextContent(RECORD_SAVE_MESSAGES.fieldsChanged);

    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(patches(server.requests).at(-1)?.body).toEqual({ lotReview: 'OK', base: { lotReview: 'ZZ' } });
    expect(screen.queryByRole('group', { name: /^Lot review: / })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Lot review' })).toHaveValue('OK');
  });

  it('shows the other value in the field when the person takes theirs, and saves nothing of it', async () => {
    const start = customerDetail({ id: 101, gateCode: '#1', version: 1 });
    const server = fakeServer(start);
    const { user } = render();
    const gate = await screen.findByRole('textbox', { name: 'Gate code' });
    server.setCurrent({ ...start, gateCode: '#77', version: 2 });
    await user.type(gate, '2');
    const conflict = await screen.findByRole('group', { name: /^Gate code: / }, SLOW);
    expect(conflict).toHaveTextContent('Yours: #12');
    await user.click(within(conflict).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Gate code' })).toHaveValue('#77'));
    expect(screen.queryByRole('group', { name: /^Gate code: / })).not.toBeInTheDocument();
    const sent = patches(server.requests).length;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(patches(server.requests)).toHaveLength(sent);
  });

  it('asks which price to keep when a typed turf size moves the lot, and sends the answer', async () => {
    const start = customerDetail({ id: 101, lotSize: 'Medium', turfSize: 5200, costService: 32.5, version: 1 });
    // The server asks whenever a save without an answer moves the lot out of Medium (3000 to 5999 sq ft of turf).
    const movesTheLot = (turfSize: unknown) => typeof turfSize === 'number' && (turfSize < 3000 || turfSize > 5999);
    const server = fakeRecordServer(start, {
      answerPatch: (request) =>
        movesTheLot((request.body as { turfSize?: unknown }).turfSize) &&
        (request.body as { keepPrice?: boolean }).keepPrice === undefined
          ? jsonResponse(409, {
              message: RECORD_SAVE_MESSAGES.choosePrice,
              errors: { keepPrice: [RECORD_SAVE_MESSAGES.choosePrice] },
              priceChoice: { agreed: 32.5, table: 45 },
            })
          : undefined,
    });
    const { user } = render();
    const turf = await screen.findByRole('textbox', { name: 'Turf size (sq ft)' });
    await user.clear(turf);
    await user.type(turf, '9500');
    const dialog = await screen.findByRole('dialog', { name: 'Which base price?' }, SLOW);
    expect(dialog).toHaveTextContent('Agreed price: $32.50. Price table: $45.00.');
    // Until the person answers, what they typed stays (behind the dialog).
    expect(screen.getByRole('combobox', { name: 'Lot size', hidden: true })).toHaveTextContent('Xtra large');
    await user.click(within(dialog).getByRole('button', { name: 'Keep $32.50' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(patches(server.requests).at(-1)?.body).toMatchObject({ keepPrice: true }), SLOW);
    expect(patches(server.requests).at(-1)?.body).toEqual({
      turfSize: 9500,
      keepPrice: true,
      base: { turfSize: 5200 },
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
  });

  it('puts the saved lot size back when the price question is cancelled', async () => {
    const start = customerDetail({ id: 101, lotSize: 'Medium', costService: 32.5, version: 1 });
    fakeRecordServer(start, {
      answerPatch: () =>
        jsonResponse(409, { message: RECORD_SAVE_MESSAGES.choosePrice, priceChoice: { agreed: 32.5, table: 40 } }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Lot size' }));
    await user.click(screen.getByRole('option', { name: 'Large' }));
    const dialog = await screen.findByRole('dialog', { name: 'Which base price?' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Lot size' })).toHaveTextContent('Medium'));
  });
});
