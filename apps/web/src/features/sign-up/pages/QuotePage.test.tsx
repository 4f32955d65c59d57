import {
  APP_PATHS,
  LEAD_MESSAGES,
  LOT_SIZE_TIERS,
  QUOTE_START_MESSAGES,
  serviceFrequencyOf,
  SIGN_UP_MESSAGES,
  OFFICE_HOURS,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { resetSignUp, signUpStore } from '../sign-up-state';
import { QuotePage } from './QuotePage';

const SLOW = { timeout: 5000 };

const area = {
  zipcode: '75201',
  city: 'Dallas',
  state: 'TX',
  lat: null,
  lng: null,
  serviceZoneId: 1,
  serviceMarketsId: 3,
  marketName: 'Dallas',
  taxRate: 8.25,
  phoneMarket: null,
  exceptions: 'No service on private islands',
};
const options = LOT_SIZE_TIERS.map(({ prices, ...tier }, index) => ({
  ...tier,
  id: index + 1,
  serviceFrequency: serviceFrequencyOf(prices),
}));

const onStart = vi.fn();

/** The page as /web/quote?address=1%20Main%20St&zipcode=75201 renders it (quote.html reads the query). */
function renderQuote(
  link: { address: string | null; zipcode: string | null } = { address: '1 Main St', zipcode: '75201' },
  isHeadingPainted = true,
) {
  return renderWithProviders(
    <QuotePage productName="Lawn Care Office" isHeadingPainted={isHeadingPainted} onStart={onStart} {...link} />,
  );
}

beforeEach(() => {
  resetSignUp();
  onStart.mockReset();
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  installFakeFetch((request) => {
    if (request.path === '/web/zip-code/75201') return jsonResponse(200, { data: area });
    if (request.path === '/web/base-price') {
      return jsonResponse(200, { data: options, total: options.length, marketId: 3, usesDefault: true, version: 1 });
    }
    if (request.path === '/web/sign-up-settings') {
      return jsonResponse(200, {
        data: {
          videoUrl: null,
          marketingUrl: 'https://lawn.example',
          officePhone: '2145550100',
          officeHours: OFFICE_HOURS,
          billingCharges: 'check-out',
        },
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the public quote', () => {
  it('greets with the product name and lists the seven lot cards, the first as N + sq ft turf', async () => {
    renderQuote();
    // The first render of the file loads the page's lazy parts: on a busy machine that takes more than a second.
    expect(
      await screen.findByRole('heading', { name: SIGN_UP_MESSAGES.quoteHeading('Lawn Care Office') }, SLOW),
    ).toBeInTheDocument();
    const cards = within(await screen.findByRole('group', { name: 'Choose a lot size' }, SLOW)).getAllByRole('button');
    expect(cards).toHaveLength(7);
    expect(cards[0]).toHaveTextContent('Small2,999 + sq ft turf');
    expect(screen.getByText(area.exceptions)).toBeInTheDocument();
  });

  it('shows its one heading while the zip code is checked, as the static frame of quote.html paints it', () => {
    renderQuote();
    // The fake look-ups answer on a later tick: this is the first render, before any answer.
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      SIGN_UP_MESSAGES.quoteHeading('Lawn Care Office'),
    ]);
  });

  it('promises nothing while the zip code is checked when quote.html painted no heading (a zip not known served)', () => {
    renderQuote({ address: '1 Main St', zipcode: '75201' }, false);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('asks for a lot size before quoting', async () => {
    const { user } = renderQuote();
    await user.click(await screen.findByRole('button', { name: 'Get Quote' }));
    expect(await screen.findByRole('dialog', { name: 'Sorry' })).toHaveTextContent(SIGN_UP_MESSAGES.lotSizeRequired);
  });

  it('quotes the price plus tax and recalculates it as the frequency and areas change', async () => {
    const { user } = renderQuote();
    await user.click(await screen.findByRole('button', { name: /^Medium/ }));
    await user.click(screen.getByRole('button', { name: 'Get Quote' }));
    const result = await screen.findByRole('region', { name: 'Your Custom Quote' });
    const price = within(result).getByTestId('quote-price');
    expect(price).toHaveTextContent('$35.00 + Tax');
    // The result arrives in its own chunk and is brought into view once it is there.
    expect(vi.mocked(window.HTMLElement.prototype.scrollIntoView).mock.contexts).toContain(result);

    await user.click(within(result).getByRole('radio', { name: 'Bi-Weekly' }));
    await waitFor(() => expect(price).toHaveTextContent('$40.00 + Tax'));
    await user.click(within(result).getByRole('checkbox', { name: 'Bag grass' }));
    expect(price).toHaveTextContent('$60.00 + Tax');
    await user.click(within(result).getByRole('checkbox', { name: 'Back' }));
    expect(price).toHaveTextContent('$55.00 + Tax');
    expect(within(result).getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', 'https://lawn.example');
    // The quote page is outside the app's router: Proceed is a plain link that loads the sign-up page.
    expect(within(result).getByRole('link', { name: 'Proceed' })).toHaveAttribute('href', APP_PATHS.signUp);
  });

  it('removes and disables Bag grass on the big lots', async () => {
    const { user } = renderQuote();
    await user.click(await screen.findByRole('checkbox', { name: 'Bag grass' }));
    await user.click(screen.getByRole('button', { name: /^Jumbo/ }));
    const bagGrass = screen.getByRole('checkbox', { name: 'Bag grass' });
    expect(bagGrass).not.toBeChecked();
    expect(bagGrass).toBeDisabled();
  });

  it('starts without a quote link: the address typed key by key and a zip code open its quote', async () => {
    const { user } = renderQuote({ address: null, zipcode: null });
    const start = await screen.findByRole('form', { name: QUOTE_START_MESSAGES.title });
    await user.click(within(start).getByRole('button', { name: QUOTE_START_MESSAGES.submit }));
    expect(within(start).getByRole('combobox', { name: 'Street address' })).toHaveAccessibleDescription(
      QUOTE_START_MESSAGES.addressRequired,
    );
    expect(within(start).getByRole('textbox', { name: 'Zip code' })).toHaveAccessibleDescription(
      QUOTE_START_MESSAGES.zipRequired,
    );
    expect(onStart).not.toHaveBeenCalled();

    await user.type(within(start).getByRole('combobox', { name: 'Street address' }), '4821 Maple Avenue');
    await user.type(within(start).getByRole('textbox', { name: 'Zip code' }), '75201');
    expect(within(start).getByRole('combobox', { name: 'Street address' })).toHaveValue('4821 Maple Avenue');
    await user.click(within(start).getByRole('button', { name: QUOTE_START_MESSAGES.submit }));
    expect(onStart).toHaveBeenCalledWith({ serviceAddress: '4821 Maple Avenue', zipcode: '75201' });
  });

  it('fills the zip code from a chosen address suggestion', async () => {
    const { requests } = installFakeFetch((request) => {
      if (request.path === '/web/places/suggestions') {
        return jsonResponse(200, {
          data: [
            {
              serviceAddress: '4821 Maple Avenue',
              city: 'Dallas',
              state: 'TX',
              zipcode: '75219',
              lat: null,
              lng: null,
              isKnown: false,
            },
          ],
        });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const { user } = renderQuote({ address: null, zipcode: null });
    const address = await screen.findByRole('combobox', { name: 'Street address' });
    await user.type(address, '4821 Map');
    await user.click(await screen.findByRole('option', { name: /4821 Maple Avenue, Dallas, TX 75219/ }));
    expect(screen.getByRole('textbox', { name: 'Zip code' })).toHaveValue('75219');
    // The public look-up, never the office's.
    expect(requests.some((request) => request.path === '/places/suggestions')).toBe(false);
    await user.click(screen.getByRole('button', { name: QUOTE_START_MESSAGES.submit }));
    expect(onStart).toHaveBeenCalledWith({ serviceAddress: '4821 Maple Avenue', zipcode: '75219' });
  });

  it('says when the business does not serve the zip, and keeps the visitor as a lead', async () => {
    const { requests } = installFakeFetch((request) => {
      if (request.path === '/web/leads') return jsonResponse(201, { message: LEAD_MESSAGES.created, data: { id: 9 } });
      return jsonResponse(404, { message: 'This zip code is not in our service area' });
    });
    const { user } = renderQuote({ address: '1 Broadway', zipcode: '10001' });
    expect(await screen.findByText(SIGN_UP_MESSAGES.notServed)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: LEAD_MESSAGES.formTitle });
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(LEAD_MESSAGES.nameRequired);
    expect(requests.some((request) => request.path === '/web/leads')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Robin Visitor');
    // Typed key by key into the mask: its own +1 is never read as a digit.
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '2125550143');
    expect(within(form).getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 (212) 555-0143');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'robin@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(LEAD_MESSAGES.created)).toBeInTheDocument();
    const sent = requests.find((request) => request.path === '/web/leads');
    expect(sent?.body).toEqual({
      name: 'Robin Visitor',
      phone: '2125550143',
      email: 'robin@example.com',
      serviceAddress: '1 Broadway',
      zipcode: '10001',
    });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s refusal of a lead at its field', async () => {
    installFakeFetch((request) => {
      if (request.path === '/web/leads') {
        return jsonResponse(400, { message: 'The given data was invalid.', errors: { email: ['Invalid email'] } });
      }
      return jsonResponse(404, { message: 'This zip code is not in our service area' });
    });
    const { user } = renderQuote({ address: '1 Broadway', zipcode: '10001' });
    const form = await screen.findByRole('form', { name: LEAD_MESSAGES.formTitle });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Robin Visitor');
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '2125550143');
    await user.type(within(form).getByRole('textbox', { name: 'E-mail' }), 'robin@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Invalid email'),
    );
  });

  it('refuses to go on without an area to mow, and says so on the quote', async () => {
    const { user } = renderQuote();
    await user.click(await screen.findByRole('button', { name: /^Medium/ }));
    await user.click(screen.getByRole('button', { name: 'Get Quote' }));
    const result = await screen.findByRole('region', { name: 'Your Custom Quote' });
    await user.click(within(result).getByRole('checkbox', { name: 'Front' }));
    await user.click(within(result).getByRole('checkbox', { name: 'Back' }));
    expect(within(result).getByText(SIGN_UP_MESSAGES.areaToMowRequired)).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Proceed' })).toHaveAttribute('aria-disabled', 'true');
    // Bag grass alone is no area to mow either.
    await user.click(within(result).getByRole('checkbox', { name: 'Bag grass' }));
    expect(within(result).getByRole('link', { name: 'Proceed' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(result).getByRole('checkbox', { name: 'Front' }));
    expect(within(result).queryByText(SIGN_UP_MESSAGES.areaToMowRequired)).not.toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Proceed' })).not.toHaveAttribute('aria-disabled');
  });

  it('leaves to the quote’s start when no marketing site is configured, forgetting the quote', async () => {
    installFakeFetch((request) => {
      if (request.path === '/web/zip-code/75201') return jsonResponse(200, { data: area });
      if (request.path === '/web/base-price') {
        return jsonResponse(200, { data: options, total: options.length, marketId: 3, usesDefault: true, version: 1 });
      }
      if (request.path === '/web/sign-up-settings') {
        return jsonResponse(200, {
          data: {
            videoUrl: null,
            marketingUrl: null,
            officePhone: null,
            officeHours: OFFICE_HOURS,
            billingCharges: 'check-out',
          },
        });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const { user } = renderQuote();
    await user.click(await screen.findByRole('button', { name: /^Medium/ }));
    await user.click(screen.getByRole('button', { name: 'Get Quote' }));
    const result = await screen.findByRole('region', { name: 'Your Custom Quote' });
    const cancel = within(result).getByRole('link', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveAttribute('href', APP_PATHS.quote));
    cancel.addEventListener('click', (event) => event.preventDefault());
    await user.click(cancel);
    expect(signUpStore.getState().lotSize).toBe('');
    // The link's address, still in the page being left, does not start the quote again before the next page reads it.
    expect(signUpStore.getState().serviceAddress).toBe('');
  });
});
