import { APP_PATHS, LOT_SIZE_TIERS, serviceFrequencyOf, SIGN_UP_MESSAGES } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { resetSignUp } from '../sign-up-state';
import { QuotePage } from './QuotePage';

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

/** The page as /web/quote?address=1%20Main%20St&zipcode=75201 renders it (quote.html reads the query). */
function renderQuote(
  link: { address: string | null; zipcode: string | null } = { address: '1 Main St', zipcode: '75201' },
  isHeadingPainted = true,
) {
  return renderWithProviders(
    <QuotePage productName="Lawn Care Office" isHeadingPainted={isHeadingPainted} {...link} />,
  );
}

beforeEach(() => {
  resetSignUp();
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  installFakeFetch((request) => {
    if (request.path === '/web/zip-code/75201') return jsonResponse(200, { data: area });
    if (request.path === '/web/base-price') {
      return jsonResponse(200, { data: options, total: options.length, marketId: 3, usesDefault: true, version: 1 });
    }
    if (request.path === '/web/sign-up-settings') {
      return jsonResponse(200, { data: { videoUrl: null, marketingUrl: 'https://lawn.example' } });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the public quote', () => {
  it('greets with the product name and lists the seven lot cards, the first as N + sq ft turf', async () => {
    renderQuote();
    expect(
      await screen.findByRole('heading', { name: SIGN_UP_MESSAGES.quoteHeading('Lawn Care Office') }),
    ).toBeInTheDocument();
    const cards = within(await screen.findByRole('group', { name: 'Choose a lot size' })).getAllByRole('button');
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

  it('asks for the quote link when it carries no address and nothing was quoted before', () => {
    renderQuote({ address: null, zipcode: null });
    expect(screen.getByText(SIGN_UP_MESSAGES.quoteLinkMissing)).toBeInTheDocument();
  });

  it('says when the business does not serve the zip', async () => {
    installFakeFetch(() => jsonResponse(404, { message: 'This zip code is not in our service area' }));
    renderQuote();
    expect(await screen.findByText(SIGN_UP_MESSAGES.notServed)).toBeInTheDocument();
  });
});
