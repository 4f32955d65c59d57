import { AUTOSAVE_MESSAGES, CUSTOMER_MESSAGES, PROPERTY_MESSAGES, type CustomerDetail } from '@lawn/shared';
import Button from '@mui/material/Button';
import { screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { signIn } from '../../../test/render';
import { fakeRecordServer, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { BillingInfoTab } from './BillingInfoTab';
import { PropertyInformationTab } from './PropertyInformationTab';
import { ServiceInformationTab } from './ServiceInformationTab';

const NOT_SAVED = AUTOSAVE_MESSAGES.invalid;

/** A record served in Dallas, its address typed by hand. */
const inDallas = (overrides: Partial<CustomerDetail> = {}) =>
  customerDetail({
    id: 101,
    serviceAddress: '100 Elm Street',
    isServiceAddressManual: true,
    zipcode: '75201',
    city: 'Dallas',
    state: 'TX',
    market: 3,
    marketName: 'Dallas',
    costService: 45,
    version: 1,
    ...overrides,
  });

const fakeServer = (start: CustomerDetail) =>
  fakeRecordServer(start, {
    lookups: (request) => {
      if (request.path === '/users') {
        return jsonResponse(200, { data: [], total: 0, perPage: 500, currentPage: 1, firstPageUrl: '', lastPage: 1 });
      }
      return undefined;
    },
  });

type TabName = 'Service Information' | 'Billing info' | 'Property information';

/** The record's autosaved tabs, one shown at a time as on the record screen: choosing another closes the one shown. */
function Tabs({ customer }: { customer: CustomerDetail }) {
  const [shown, setShown] = useState<TabName>('Service Information');
  const tabs: Record<TabName, ReactNode> = {
    'Service Information': <ServiceInformationTab customer={customer} />,
    'Billing info': <BillingInfoTab customer={customer} />,
    'Property information': <PropertyInformationTab customer={customer} lotSizes={[]} />,
  };
  return (
    <>
      {(Object.keys(tabs) as TabName[]).map((name) => (
        <Button key={name} onClick={() => setShown(name)}>
          {name}
        </Button>
      ))}
      {tabs[shown]}
    </>
  );
}

const render = () => renderRecordTab(101, (customer) => <Tabs customer={customer} />);
const indicator = () => screen.getByRole('status');
/** The message under a field: the helper text of its form control. */
const messageAt = (field: HTMLElement) => within(field.closest('.MuiFormControl-root') as HTMLElement);

describe('the record tabs say what is not saved', () => {
  beforeEach(() => signIn());

  it('marks a cleared service address, city and state with their messages and saves none of them', async () => {
    const { requests } = fakeServer(inDallas());
    const { user } = render();
    const address = await screen.findByRole('textbox', { name: /^Service address/ });
    await user.clear(address);
    expect(messageAt(address).getByText(CUSTOMER_MESSAGES.serviceAddressRequired)).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);

    const city = screen.getByRole('textbox', { name: /^City/ });
    await user.clear(city);
    expect(messageAt(city).getByText(CUSTOMER_MESSAGES.cityRequired)).toBeVisible();
    const state = screen.getByRole('textbox', { name: /^State/ });
    await user.clear(state);
    expect(messageAt(state).getByText(CUSTOMER_MESSAGES.stateRequired)).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);
    expect(indicator()).not.toHaveTextContent(AUTOSAVE_MESSAGES.saved);

    // Typed back key by key, the address is whole again and saves.
    await user.type(address, '5011 N Monroe St');
    await user.type(city, 'Dallas');
    await user.type(state, 'tx');
    await waitFor(() => expect(indicator()).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(patches(requests).at(-1)?.body).toMatchObject({ serviceAddress: '5011 N Monroe St' });
    const sent = patches(requests).map((request) => request.body as Record<string, unknown>);
    expect(sent.every((body) => body['serviceAddress'] !== '' && body['city'] !== '' && body['state'] !== '')).toBe(
      true,
    );
    expect(screen.queryByText(CUSTOMER_MESSAGES.cityRequired)).not.toBeInTheDocument();
  });

  it('keeps an unsaved value, its message and the indicator when the tab is closed and opened again', async () => {
    const { requests } = fakeServer(inDallas());
    const { user } = render();
    await user.clear(await screen.findByRole('textbox', { name: /^City/ }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.cityRequired)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Billing info' }));
    const basePrice = await screen.findByRole('textbox', { name: 'Base price' });
    await user.clear(basePrice);
    expect(messageAt(basePrice).getByText('Field is required')).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);

    await user.click(screen.getByRole('button', { name: 'Service Information' }));
    const city = await screen.findByRole('textbox', { name: /^City/ });
    expect(city).toHaveValue('');
    expect(messageAt(city).getByText(CUSTOMER_MESSAGES.cityRequired)).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);

    await user.click(screen.getByRole('button', { name: 'Billing info' }));
    expect(await screen.findByRole('textbox', { name: 'Base price' })).toHaveValue('');
    expect(indicator()).toHaveTextContent(NOT_SAVED);
    await user.type(screen.getByRole('textbox', { name: 'Base price' }), '42.5');
    await waitFor(() => expect(indicator()).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(patches(requests).map((request) => request.body)).toEqual([
      { costService: 42.5, base: { costService: 45 } },
    ]);

    // The city is still waiting, as typed, with its message.
    await user.click(screen.getByRole('button', { name: 'Service Information' }));
    expect(await screen.findByRole('textbox', { name: /^City/ })).toHaveValue('');
    expect(indicator()).toHaveTextContent(NOT_SAVED);
  });

  it('says "Not saved" for a turf size out of range typed key by key, and saves once it is right', async () => {
    const { requests } = fakeServer(inDallas({ turfSize: 5200 }));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Property information' }));
    const turf = await screen.findByRole('textbox', { name: 'Turf size (sq ft)' });
    await user.clear(turf);
    await user.type(turf, '16001');
    expect(messageAt(turf).getByText(PROPERTY_MESSAGES.size)).toBeVisible();
    expect(indicator()).toHaveTextContent(NOT_SAVED);
    await user.type(turf, '{Backspace}{Backspace}{Backspace}{Backspace}');
    await waitFor(() => expect(indicator()).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(patches(requests).at(-1)?.body).toMatchObject({ turfSize: 1 });
    expect(patches(requests).some((request) => (request.body as { turfSize?: number }).turfSize === 16_001)).toBe(
      false,
    );
  });

  it('keeps the space a person pauses after, though the server stores the word without it', async () => {
    const { requests } = fakeServer(inDallas());
    const { user } = render();
    const address = await screen.findByRole('textbox', { name: /^Service address/ });
    await user.clear(address);
    await user.type(address, '5011 ');
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toMatchObject({ serviceAddress: '5011' });
    await waitFor(() => expect(indicator()).toHaveTextContent(AUTOSAVE_MESSAGES.saved), SLOW);
    expect(address).toHaveValue('5011 ');
    await user.type(address, 'Main St');
    await waitFor(() => expect(patches(requests).at(-1)?.body).toMatchObject({ serviceAddress: '5011 Main St' }), SLOW);
    expect(address).toHaveValue('5011 Main St');
  });
});
