import { AUTOSAVE_MESSAGES, type CustomerDetail, type ZipServiceArea } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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

/** The record's server, and the zip look-up of Dallas's service area. */
const fakeServer = (start: CustomerDetail, answerPatch?: (request: FakeRequest) => Response | undefined) =>
  fakeRecordServer(start, {
    answerPatch,
    lookups: (request) => (request.path === '/zip-code/75201' ? jsonResponse(200, { data: dallas }) : undefined),
  });

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
