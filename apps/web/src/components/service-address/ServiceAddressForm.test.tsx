import {
  CUSTOMER_MESSAGES,
  PLACE_MESSAGES,
  zipcodeSchema,
  type AddressSuggestion,
  type ZipServiceArea,
} from '@lawn/shared';
import TextField from '@mui/material/TextField';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { renderRoutes, signIn } from '../../test/render';
import { TILES_UNAVAILABLE_MESSAGE } from './PlaceMap';
import { EMPTY_SERVICE_ADDRESS, type PlaceChange, type ServiceAddressValue } from './service-address';
import { ServiceAddressForm, SUGGESTIONS_UNAVAILABLE_MESSAGE } from './ServiceAddressForm';

const dallas: ZipServiceArea = {
  zipcode: '75201',
  city: 'Dallas',
  state: 'TX',
  lat: 32.7904,
  lng: -96.8044,
  serviceZoneId: 4,
  serviceMarketsId: 1,
  marketName: 'Dallas',
  taxRate: 8.25,
  phoneMarket: '2145550140',
  exceptions: 'No pools',
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

type ServerOptions = { suggestions?: (request: FakeRequest) => Response; mapSettings?: () => Response };

function fakeServer(options: ServerOptions = {}) {
  return installFakeFetch((request) => {
    if (request.path === '/zip-code/75201') return jsonResponse(200, { data: dallas });
    if (request.path === '/zip-code/76574') {
      return jsonResponse(404, {
        message: PLACE_MESSAGES.notInServiceArea,
        errors: { zipcode: [PLACE_MESSAGES.notInServiceArea] },
      });
    }
    if (request.path === '/places/suggestions') {
      return options.suggestions?.(request) ?? jsonResponse(200, { data: [oakLawn] });
    }
    if (request.path === '/places/geocode') {
      return jsonResponse(200, {
        data: { lat: 32.8, lng: -96.81, city: 'Dallas', state: 'TX', zipcode: '75201', isApproximate: false },
      });
    }
    if (request.path === '/web/map-settings') {
      return (
        options.mapSettings?.() ??
        jsonResponse(200, { data: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Test tiles' } })
      );
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

/** A parent as the record screen or the wizard would be: it holds the value, and its billing zip uses the invalid zips. */
function Parent({ onPlaceChange, onSubmit }: { onPlaceChange: (place: PlaceChange) => void; onSubmit: () => void }) {
  const [value, setValue] = useState<ServiceAddressValue>(EMPTY_SERVICE_ADDRESS);
  const [invalidZips, setInvalidZips] = useState<readonly string[]>([]);
  const [billingZip, setBillingZip] = useState('');
  const billingProblem =
    billingZip === '' ? undefined : zipcodeSchema(invalidZips).safeParse(billingZip).error?.issues[0]?.message;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ServiceAddressForm
        value={value}
        onChange={setValue}
        onPlaceChange={onPlaceChange}
        onInvalidZipsChange={setInvalidZips}
      />
      <TextField
        label="Billing zip"
        value={billingZip}
        onChange={(event) => setBillingZip(event.target.value)}
        error={billingProblem !== undefined}
        helperText={billingProblem}
      />
    </form>
  );
}

function renderForm() {
  const onPlaceChange = vi.fn<(place: PlaceChange) => void>();
  const onSubmit = vi.fn();
  signIn();
  const view = renderRoutes([{ path: '/', element: <Parent onPlaceChange={onPlaceChange} onSubmit={onSubmit} /> }]);
  return { ...view, onPlaceChange, onSubmit };
}

/** Look-ups answer through React Query and MUI re-renders; a busy machine needs more than the default second. */
const SLOW = { timeout: 5000 };

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('the service-address form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('looks the zip up at its fifth digit and fills city, state, market, tax rate and the zone’s exceptions', async () => {
    const { requests } = fakeServer();
    const { user, onPlaceChange } = renderForm();
    await user.type(field('Zip code'), '7520');
    expect(requests.some((request) => request.path.startsWith('/zip-code'))).toBe(false);
    await user.type(field('Zip code'), '1');
    await waitFor(() => expect(field('City')).toHaveValue('Dallas'), SLOW);
    expect(field('State')).toHaveValue('TX');
    expect(field('Market')).toHaveValue('Dallas');
    expect(field('Tax rate')).toHaveValue('8.25%');
    expect(screen.getByRole('alert', { name: 'Zone exceptions' })).toHaveTextContent('No pools');
    expect(onPlaceChange).toHaveBeenLastCalledWith({
      zipcode: '75201',
      city: 'Dallas',
      state: 'TX',
      marketId: 1,
      marketName: 'Dallas',
      taxRate: 8.25,
      phoneMarket: '2145550140',
      exceptions: 'No pools',
    });
    expect(screen.getByText(/^Approximate position \(the zip code’s centre\): 32\.79040, -96\.80440/)).toBeVisible();
  });

  it('marks a zip whose look-up fails invalid, with the server’s reason, and the billing zip refuses it too', async () => {
    fakeServer();
    const { user, onPlaceChange } = renderForm();
    await user.type(field('Zip code'), '75201');
    await waitFor(() => expect(field('Market')).toHaveValue('Dallas'), SLOW);
    await user.clear(field('Zip code'));
    await user.type(field('Zip code'), '76574');
    expect(await screen.findByText(PLACE_MESSAGES.notInServiceArea, {}, SLOW)).toBeVisible();
    expect(field('Zip code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Market')).toHaveValue('');
    expect(field('Tax rate')).toHaveValue('');
    expect(onPlaceChange).toHaveBeenLastCalledWith(expect.objectContaining({ zipcode: '76574', marketId: null }));

    await user.type(field('Billing zip'), '76574');
    expect(field('Billing zip')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(PLACE_MESSAGES.zipFoundInvalid)).toBeVisible();
    await user.clear(field('Billing zip'));
    await user.type(field('Billing zip'), '75201');
    expect(field('Billing zip')).toHaveAttribute('aria-invalid', 'false');
  });

  it('looks the zip up on Enter without submitting the form around it, and names a zip too short', async () => {
    const { requests } = fakeServer();
    const { user, onSubmit } = renderForm();
    await user.type(field('Zip code'), '752{Enter}');
    expect(screen.getByText(CUSTOMER_MESSAGES.zipInvalid)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(field('Zip code'), '01');
    await waitFor(() => expect(field('Market')).toHaveValue('Dallas'), SLOW);
    const lookups = requests.filter((request) => request.path === '/zip-code/75201').length;
    await user.type(field('Zip code'), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    // Enter looks the zip up again; the answer already known serves it without a second request.
    expect(requests.filter((request) => request.path === '/zip-code/75201').length).toBe(lookups);
    expect(field('Market')).toHaveValue('Dallas');
  });

  it('offers suggestions as the address is typed; choosing one fills the zip, looks it up and places the address', async () => {
    const { requests } = fakeServer();
    const { user } = renderForm();
    await user.type(screen.getByRole('combobox', { name: /^Service address/ }), '1204 oak');
    const option = await screen.findByRole('option', { name: /1204 Oak Lawn Ave, Dallas, TX 75201/ }, SLOW);
    expect(requests.find((request) => request.path === '/places/suggestions')?.query.get('q')).toBe('1204 oak');
    await user.click(option);
    await waitFor(() => expect(field('Market')).toHaveValue('Dallas'), SLOW);
    expect(screen.getByRole('combobox', { name: /^Service address/ })).toHaveValue('1204 Oak Lawn Ave');
    expect(field('Zip code')).toHaveValue('75201');
    expect(field('City')).toHaveValue('Dallas');
    expect(await screen.findByText('Position: 32.80000, -96.81000', {}, SLOW)).toBeVisible();
  });

  it('keeps the form usable when suggestions fail, and takes the address by hand with Manual', async () => {
    fakeServer({ suggestions: () => jsonResponse(503, { message: 'Service Unavailable' }) });
    const { user } = renderForm();
    await user.type(screen.getByRole('combobox', { name: /^Service address/ }), '1204 oak');
    expect(await screen.findByText(SUGGESTIONS_UNAVAILABLE_MESSAGE, {}, SLOW)).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Service address/ })).toHaveValue('1204 oak');
    await user.click(screen.getByRole('checkbox', { name: 'Manual' }));
    expect(screen.queryByRole('combobox', { name: /^Service address/ })).not.toBeInTheDocument();
    await user.type(field('Service address'), ' lawn');
    expect(field('Service address')).toHaveValue('1204 oak lawn');
  });

  it('shows the map with no position before anything is looked up, and says when its tiles are unavailable', async () => {
    fakeServer({ mapSettings: () => jsonResponse(503, { message: 'Service Unavailable' }) });
    renderForm();
    expect(screen.getByRole('region', { name: 'Map of the service address' })).toBeInTheDocument();
    expect(screen.getByText(/^No position yet/)).toBeVisible();
    expect(await screen.findByText(TILES_UNAVAILABLE_MESSAGE, {}, SLOW)).toBeVisible();
  });
});
