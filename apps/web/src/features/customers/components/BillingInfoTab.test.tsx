import {
  APP_PATHS,
  AUTOSAVE_MESSAGES,
  PLACE_MESSAGES,
  RECORD_SAVE_MESSAGES,
  type CustomerDetail,
  type UsZip,
  type ZipServiceArea,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { customerDetail } from '../../../test/fixtures';
import { LocationProbe, signIn } from '../../../test/render';
import { fakeRecordServer, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { BillingInfoTab } from './BillingInfoTab';
import { ServiceInformationTab } from './ServiceInformationTab';

const dallasZip: UsZip = { zipcode: '75201', city: 'Dallas', state: 'TX', lat: 32.79, lng: -96.8 };
/** Taylor, TX: a real US zip that no service zone serves. */
const taylorZip: UsZip = { zipcode: '76574', city: 'Taylor', state: 'TX', lat: 30.57, lng: -97.41 };
const dallasArea: ZipServiceArea = {
  ...dallasZip,
  serviceZoneId: 4,
  serviceMarketsId: 1,
  marketName: 'Dallas',
  taxRate: 8.25,
  phoneMarket: null,
  exceptions: '',
};

/** The record's server; a new frequency comes back priced at 40 (the server's computation, shown as it is). */
const fakeServer = (start: CustomerDetail, answerPatch?: (request: FakeRequest) => Response | undefined) =>
  fakeRecordServer(start, {
    answerPatch,
    computed: (fields) =>
      'srvFrecuency' in fields ? { costService: 40, subtotalMowing: 40, calculatedTax: 3.3, totalMowing: 43.3 } : {},
    lookups: (request) => {
      if (request.path === '/us-zips/75201') return jsonResponse(200, { data: dallasZip });
      if (request.path === '/us-zips/76574') return jsonResponse(200, { data: taylorZip });
      if (request.path === '/zip-code/75201') return jsonResponse(200, { data: dallasArea });
      if (request.path === '/zip-code/76574') {
        return jsonResponse(404, {
          message: PLACE_MESSAGES.notInServiceArea,
          errors: { zipcode: [PLACE_MESSAGES.notInServiceArea] },
        });
      }
      if (request.path.startsWith('/us-zips/')) {
        return jsonResponse(404, { message: 'Zip code not found', errors: { zipcode: ['Zip code not found'] } });
      }
      return undefined;
    },
  });

const render = () =>
  renderRecordTab(101, (customer) => <BillingInfoTab customer={customer} />, [
    { path: APP_PATHS.paymentList, element: <LocationProbe name="Payment list" /> },
  ]);

describe('Billing info tab', () => {
  beforeEach(() => signIn());

  it('shows the payment type on file, E-Check when none, read-only', async () => {
    fakeServer(customerDetail({ id: 101, paymentType: null }));
    render();
    const paymentType = await screen.findByRole('textbox', { name: 'Payment type' });
    expect(paymentType).toHaveValue('E-Check');
    expect(paymentType).toHaveAttribute('readonly');
  });

  it('opens the payment list of this customer from Update Payment', async () => {
    fakeServer(customerDetail({ id: 101 }));
    const { user } = render();
    await user.click(await screen.findByRole('link', { name: 'Update Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment list' })).toBeInTheDocument();
    expect(screen.getByLabelText('route state')).toHaveTextContent('{"id":101}');
  });

  it('saves a new frequency with the value it started from and shows the price the server computed', async () => {
    const { requests } = fakeServer(
      customerDetail({ id: 101, srvFrecuency: 1, costService: 35, subtotalMowing: 35, version: 3 }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Frequency' }));
    await user.click(screen.getByRole('option', { name: 'Bi-Weekly' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ srvFrecuency: 2, base: { srvFrecuency: 1 } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveValue('$40.00');
    expect(screen.getByRole('textbox', { name: 'Total' })).toHaveValue('$43.30');
    expect(screen.getByRole('textbox', { name: 'Base price' })).toHaveValue('40');
  });

  it('refuses a broken rule with the spec message and saves nothing of it', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101 }));
    const { user } = render();
    const city = await screen.findByRole('textbox', { name: 'City' });
    await user.click(city);
    await user.paste('x'.repeat(81));
    expect(await screen.findByText('Max. 80 characters')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Base price' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    await user.clear(city);
    await user.paste('Dallas');
    // Only the city, once valid, is saved: never the broken values.
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ billingCity: 'Dallas', base: { billingCity: null } });
    expect(screen.getByText('Field is required')).toBeInTheDocument();
  });

  it('marks a zip its look-up does not find as invalid, and fills city and state from one it finds', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101 }));
    const { user } = render();
    const zip = await screen.findByRole('textbox', { name: 'Zip code' });
    await user.type(zip, '00000');
    // The look-up's reason first; typed again, the zip is known invalid and refused without asking the server.
    expect(await screen.findByText('Zip code not found')).toBeInTheDocument();
    await user.clear(zip);
    await user.type(zip, '00000');
    expect(await screen.findByText(PLACE_MESSAGES.zipFoundInvalid)).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/us-zips/00000')).toHaveLength(1);
    await user.clear(zip);
    await user.type(zip, '75201');
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({
      billingZipCode: '75201',
      billingCity: 'Dallas',
      billingState: 'TX',
      base: { billingZipCode: null, billingCity: null, billingState: null },
    });
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
  });

  it('refuses as billing zip a zip the service zip’s look-up found invalid, after that tab has closed', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101, zipcode: '75201', market: 1, marketName: 'Dallas' }));
    /** The record's two tabs, one shown at a time as on the record screen. */
    function Tabs({ customer }: { customer: CustomerDetail }) {
      const [isBilling, setIsBilling] = useState(false);
      return (
        <>
          <Button onClick={() => setIsBilling(true)}>Billing info</Button>
          {isBilling ? <BillingInfoTab customer={customer} /> : <ServiceInformationTab customer={customer} />}
        </>
      );
    }
    const { user } = renderRecordTab(101, (customer) => <Tabs customer={customer} />);
    const serviceZip = await screen.findByRole('textbox', { name: /^Zip code/ });
    await user.clear(serviceZip);
    await user.type(serviceZip, '76574');
    expect(await screen.findByText(PLACE_MESSAGES.notInServiceArea, {}, SLOW)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Billing info' }));
    const billingZip = await screen.findByRole('textbox', { name: 'Zip code' });
    await user.type(billingZip, '76574');
    expect(billingZip).toHaveAttribute('aria-invalid', 'true');
    const field = billingZip.closest('.MuiFormControl-root') as HTMLElement;
    expect(within(field).getByText(PLACE_MESSAGES.zipFoundInvalid)).toBeInTheDocument();
    // A change elsewhere saves what is queued: the refused zip is not among it.
    await user.click(screen.getByRole('combobox', { name: 'Frequency' }));
    await user.click(screen.getByRole('option', { name: 'Bi-Weekly' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ srvFrecuency: 2, base: { srvFrecuency: 1 } });
    expect(requests.some((request) => request.path === '/us-zips/76574')).toBe(false);
  });

  it('saves the PO box once its city, state and zip are given', async () => {
    const { requests } = fakeServer(customerDetail({ id: 101 }));
    const { user } = render();
    await user.click(await screen.findByRole('switch', { name: 'PO box' }));
    const fill = async (name: string, text: string) => {
      await user.click(screen.getByRole('textbox', { name }));
      await user.paste(text);
    };
    // The toggle saves at once; the box only as a whole.
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ poBoxEnabled: true, base: { poBoxEnabled: false } });
    await fill('PO box number', '123');
    expect(await screen.findAllByText('Field is required')).toHaveLength(3);
    await fill('PO box city', 'Dallas');
    await fill('PO box state', 'tx');
    await fill('PO box zip', '75201');
    await waitFor(() => expect(screen.queryByText('Field is required')).not.toBeInTheDocument());
    await waitFor(() => expect(patches(requests)).toHaveLength(2), SLOW);
    expect(patches(requests)[1]?.body).toEqual({
      billingPoBox: '123',
      billingPoBoxCity: 'Dallas',
      billingPoBoxState: 'TX',
      billingPoBoxZipcode: '75201',
      base: { billingPoBox: null, billingPoBoxCity: null, billingPoBoxState: null, billingPoBoxZipcode: null },
    });
  });

  it('keeps a billing name typed over someone else’s change, shows both at the field, and takes theirs when told', async () => {
    const start = customerDetail({ id: 101, billingName: 'Pat Doe', billingAddress: null, version: 1 });
    const server = fakeServer(start);
    const { user } = render();
    const name = await screen.findByRole('textbox', { name: 'Billing name' });
    // Someone else renames the billing and fills the address while this person types the name.
    server.setCurrent({ ...start, billingName: 'Sam Roe', billingAddress: '9 Oak St', version: 2 });
    await user.clear(name);
    await user.type(name, 'Kim Poe');
    const conflict = await screen.findByRole('group', { name: /^Billing name: / }, SLOW);
    expect(conflict).toHaveTextContent('Yours: Kim Poe');
    expect(conflict).toHaveTextContent('Saved by Kim Lee: Sam Roe');
    expect(screen.getByRole('textbox', { name: 'Billing name' })).toHaveValue('Kim Poe');
    // The field nobody else touched shows the other person's value: it was merged, not overwritten.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Billing address' })).toHaveValue('9 Oak St'));
    await user.click(within(conflict).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Billing name' })).toHaveValue('Sam Roe'));
    expect(screen.queryByRole('group', { name: /^Billing name: / })).not.toBeInTheDocument();
  });

  it('sends the fields of a save nobody else changed again at once, and holds the one someone did', async () => {
    const start = customerDetail({ id: 101, version: 1 });
    const server = fakeServer(start);
    const { user } = render();
    const zip = await screen.findByRole('textbox', { name: 'Zip code' });
    // Someone else types a billing city meanwhile; this person's zip look-up fills zip, city and state in one save.
    server.setCurrent({ ...start, billingCity: 'Irving', version: 2 });
    await user.type(zip, '75201');
    const conflict = await screen.findByRole('group', { name: /^City: / }, SLOW);
    expect(conflict).toHaveTextContent('Yours: Dallas');
    expect(conflict).toHaveTextContent('Saved by Kim Lee: Irving');
    await waitFor(() => expect(patches(server.requests)).toHaveLength(2), SLOW);
    expect(patches(server.requests)[1]?.body).toEqual({
      billingZipCode: '75201',
      billingState: 'TX',
      base: { billingZipCode: null, billingState: null },
    });
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
  });

  it('asks which price a new frequency keeps, and sends the table’s when chosen', async () => {
    const start = customerDetail({ id: 101, srvFrecuency: 1, costService: 32.5, version: 1 });
    const { requests } = fakeServer(start, (request) =>
      (request.body as { keepPrice?: boolean }).keepPrice === undefined
        ? jsonResponse(409, { message: RECORD_SAVE_MESSAGES.choosePrice, priceChoice: { agreed: 32.5, table: 40 } })
        : undefined,
    );
    const { user } = render();
    await user.click(await screen.findByRole('combobox', { name: 'Frequency' }));
    await user.click(screen.getByRole('option', { name: 'Bi-Weekly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Which base price?' }, SLOW);
    expect(within(dialog).getByRole('button', { name: 'Keep $32.50' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: "Take the table's $40.00" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(patches(requests)).toHaveLength(2), SLOW);
    expect(patches(requests)[1]?.body).toEqual({ srvFrecuency: 2, keepPrice: false, base: { srvFrecuency: 1 } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Base price' })).toHaveValue('40');
  });
});
