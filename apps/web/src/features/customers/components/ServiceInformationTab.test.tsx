import { AUTOSAVE_MESSAGES, type AddressSuggestion, type CustomerDetail, type ZipServiceArea } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHOOSE_SUGGESTION_MESSAGE } from '../../../components/service-address/ServiceAddressForm';
import { jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { signIn } from '../../../test/render';
import { fakeRecordServer, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { ServiceInformationTab } from './ServiceInformationTab';

const dallas: ZipServiceArea = {
  zipcode: '75201',
  city: 'Dallas',
  state: 'TX',
  lat: 32.7904,
  lng: -96.8044,
  serviceZoneId: 4,
  serviceMarketsId: 3,
  marketName: 'Dallas',
  taxRate: 8.25,
  phoneMarket: null,
  exceptions: '',
};

const oakLawn: AddressSuggestion = {
  serviceAddress: '1204 Oak Lawn Ave',
  zipcode: '75201',
  city: 'Dallas',
  state: 'TX',
  isKnown: false,
  lat: null,
  lng: null,
};

/** A record served in Dallas, as the server holds it. */
const inDallas = (overrides: Partial<CustomerDetail> = {}) =>
  customerDetail({
    id: 101,
    serviceAddress: '100 Elm Street',
    zipcode: '75201',
    city: 'Dallas',
    state: 'TX',
    market: 3,
    marketName: 'Dallas',
    weekDay: 2,
    version: 1,
    ...overrides,
  });

/** Where the server's geocoder places the record's address in Dallas (it knows the address: not the zip's centre). */
const placedInDallas = { lat: 32.8123, lng: -96.7811 };

/**
 * The record's server, which places the address again when the zip changes; the zip look-up of Dallas's service
 * area, the address suggestions and the geocoder.
 */
const fakeServer = (start: CustomerDetail, answerPatch?: (request: FakeRequest) => Response | undefined) =>
  fakeRecordServer(start, {
    answerPatch,
    computed: (fields) => ('zipcode' in fields ? placedInDallas : {}),
    lookups: (request) => {
      if (request.path === '/zip-code/75201') return jsonResponse(200, { data: dallas });
      if (request.path === '/places/suggestions') return jsonResponse(200, { data: [oakLawn] });
      if (request.path === '/places/geocode') {
        return jsonResponse(200, {
          data: { lat: 32.8, lng: -96.81, city: 'Dallas', state: 'TX', zipcode: '75201', isApproximate: false },
        });
      }
      return undefined;
    },
  });

const addressBox = () => screen.getByRole('combobox', { name: /^Service address/ });

const render = () => renderRecordTab(101, (customer) => <ServiceInformationTab customer={customer} />);

describe('Service Information tab', () => {
  beforeEach(() => signIn());

  it('saves a new mow day on its own, with the value it started from, and says so', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, weekDay: 2, version: 4 }));
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Week day' }));
    await user.click(screen.getByRole('option', { name: 'Thursday' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ weekDay: 4, base: { weekDay: 2 } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved)).toBeInTheDocument();
  });

  it('offers the seven mow days of the record, and saves Saturday and Any day like any other', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, weekDay: 2, version: 1 }));
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Week day' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Any day',
    ]);
    await user.click(screen.getByRole('option', { name: 'Saturday' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ weekDay: 6, base: { weekDay: 2 } });
    await user.click(screen.getByRole('combobox', { name: 'Week day' }));
    await user.click(screen.getByRole('option', { name: 'Any day' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(2), SLOW);
    expect(patches(requests)[1]?.body).toEqual({ weekDay: 7, base: { weekDay: 6 } });
  });

  it('sets the start date of a Saturday record from a new week, on the Saturday', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, serviceDate: '2026-03-07', weekDay: 6, version: 1 }));
    const { user } = render();
    const week = await screen.findByRole('spinbutton', { name: 'Week' });
    await user.clear(week);
    await user.type(week, '5');
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    // Week 5 of mow year 2026 runs from Monday March 23.
    expect(patches(requests)[0]?.body).toEqual({ serviceDate: '2026-03-28', base: { serviceDate: '2026-03-07' } });
  });

  it('saves a new zip with the city and market its look-up found (the state has not changed)', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, zipcode: '78701', market: 1, version: 1 }));
    const { user } = render();
    const zip = await screen.findByRole('textbox', { name: /^Zip code/ });
    await user.clear(zip);
    await user.type(zip, '75201');
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toMatchObject({
      zipcode: '75201',
      city: 'Dallas',
      market: 3,
      base: { zipcode: '78701', city: 'Austin', market: 1 },
    });
    expect(patches(requests)[0]?.body).not.toHaveProperty('state');
    // The server places the address: the tab sends no position and shows the one the server saved.
    expect(patches(requests)[0]?.body).not.toHaveProperty('lat');
    expect(await screen.findByText('Position: 32.81230, -96.78110', {}, SLOW)).toBeVisible();
  });

  it('saves only a chosen suggestion with Manual off, never the text typed on the way', async () => {
    const { requests } = fakeServer(inDallas());
    const { user } = render();
    await user.clear(await screen.findByRole('combobox', { name: /^Service address/ }));
    await user.type(addressBox(), '1204 Oak');
    const option = await screen.findByRole('option', { name: /1204 Oak Lawn Ave, Dallas, TX 75201/ }, SLOW);
    expect(screen.getByText(CHOOSE_SUGGESTION_MESSAGE)).toBeVisible();
    // Another edit saves everything queued so far: the typed text is not among it.
    await user.click(screen.getByRole('combobox', { name: 'Week day' }));
    await user.click(screen.getByRole('option', { name: 'Thursday' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ weekDay: 4, base: { weekDay: 2 } });

    await user.click(addressBox());
    await user.click(await screen.findByRole('option', { name: option.textContent ?? '' }, SLOW));
    await waitFor(() => expect(patches(requests)).toHaveLength(2), SLOW);
    expect(patches(requests)[1]?.body).toEqual({
      serviceAddress: '1204 Oak Lawn Ave',
      base: { serviceAddress: '100 Elm Street' },
    });
    expect(addressBox()).toHaveValue('1204 Oak Lawn Ave');
    expect(screen.queryByText(CHOOSE_SUGGESTION_MESSAGE)).not.toBeInTheDocument();
  });

  it('with Manual ticked, saves the address as typed once typing pauses', async () => {
    const { requests } = fakeServer(inDallas());
    const { user } = render();
    await user.click(await screen.findByRole('checkbox', { name: 'Manual' }));
    const address = screen.getByRole('textbox', { name: /^Service address/ });
    await user.clear(address);
    await user.type(address, '5011 N Monroe St');
    await waitFor(
      () => expect(patches(requests).at(-1)?.body).toMatchObject({ serviceAddress: '5011 N Monroe St' }),
      SLOW,
    );
    expect(
      patches(requests).every((request) => (request.body as { serviceAddress?: string }).serviceAddress !== ''),
    ).toBe(true);
    expect(
      patches(requests).some(
        (request) => (request.body as { isServiceAddressManual?: boolean }).isServiceAddressManual,
      ),
    ).toBe(true);
  });

  it('keeps the text typed before Manual is ticked as the address', async () => {
    const { requests } = fakeServer(inDallas());
    const { user } = render();
    await user.clear(await screen.findByRole('combobox', { name: /^Service address/ }));
    await user.type(addressBox(), '77 New Street');
    await user.click(screen.getByRole('checkbox', { name: 'Manual' }));
    expect(screen.getByRole('textbox', { name: /^Service address/ })).toHaveValue('77 New Street');
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({
      serviceAddress: '77 New Street',
      isServiceAddressManual: true,
      base: { serviceAddress: '100 Elm Street', isServiceAddressManual: false },
    });
  });

  it('sets the start date from a new week, on the mow day', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, serviceDate: '2026-03-03', weekDay: 2, version: 1 }));
    const { user } = render();
    const week = await screen.findByRole('spinbutton', { name: 'Week' });
    expect(week).toHaveValue(2);
    await user.clear(week);
    await user.type(week, '5');
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    // Week 5 of mow year 2026 starts on Monday March 23; the mow day is Tuesday.
    expect(patches(requests)[0]?.body).toEqual({ serviceDate: '2026-03-24', base: { serviceDate: '2026-03-03' } });
  });

  it('shows both mow days at the field when someone else changed it meanwhile, and keeps this one when told', async () => {
    const start = customerDetail({ id: 101, weekDay: 2, version: 1 });
    const server = fakeServer(start);
    const { user } = render();
    await screen.findByRole('combobox', { name: 'Week day' });
    server.setCurrent({ ...start, weekDay: 5, version: 2 });
    await user.click(screen.getByRole('combobox', { name: 'Week day' }));
    await user.click(screen.getByRole('option', { name: 'Thursday' }));
    const conflict = await screen.findByRole('group', { name: /^Week day: / }, SLOW);
    expect(conflict).toHaveTextContent('Yours: Thursday');
    expect(conflict).toHaveTextContent('Saved by Kim Lee: 5');
    expect(screen.getByRole('combobox', { name: 'Week day' })).toHaveTextContent('Thursday');
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(patches(server.requests)).toHaveLength(2), SLOW);
    expect(patches(server.requests)[1]?.body).toEqual({ weekDay: 4, base: { weekDay: 5 } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Week day' })).toHaveTextContent('Thursday');
  });
});
