import {
  LOT_SIZE_TIERS,
  NEW_CUSTOMER_MESSAGES,
  PLACE_MESSAGES,
  serviceFrequencyOf,
  type LotSizeOption,
} from '@lawn/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { initialWizardValues, type WizardValues } from '../wizard-values';
import { CustomerInfoStep } from './CustomerInfoStep';
import { LocationStep } from './LocationStep';
import { NotesStep } from './NotesStep';
import { PriceStep } from './PriceStep';
import { ServiceAreaStep } from './ServiceAreaStep';
import { StepHarness } from './step-harness';
import { SERVED_AREA } from './wizard.test-fixtures';

const TIERS: LotSizeOption[] = LOT_SIZE_TIERS.map((tier, index) => ({
  id: index + 1,
  name: tier.name,
  turfSizeStart: tier.turfSizeStart,
  turfSizeEnd: tier.turfSizeEnd,
  lotSizeEnd: tier.lotSizeEnd,
  serviceFrequency: serviceFrequencyOf(tier.prices),
}));

const servedAddress: WizardValues['address'] = {
  ...initialWizardValues(null).address,
  serviceAddress: '12 Oak Lane',
  zipcode: '75201',
  city: 'Dallas',
  state: 'TX',
  marketId: 3,
  marketName: 'Dallas',
  taxRate: 8.25,
};

function fakeServer() {
  return installFakeFetch((request) => {
    if (request.path === '/zip-code/75201') return jsonResponse(200, { data: SERVED_AREA });
    if (request.path.startsWith('/zip-code/')) {
      return jsonResponse(404, {
        message: PLACE_MESSAGES.notInServiceArea,
        errors: { zipcode: [PLACE_MESSAGES.notInServiceArea] },
      });
    }
    if (request.path === '/users') {
      return jsonResponse(200, {
        data: [
          {
            id: 11,
            firstName: 'Sofia',
            lastName: 'Ramirez',
            fullName: 'Sofia Ramirez',
            email: 'sofia@lawn.test',
            role: 'customer-service',
            status: 1,
            crewNumber: null,
            joinDate: '2025-01-01',
          },
        ],
        total: 1,
      });
    }
    if (request.path === '/places/property-data')
      return jsonResponse(200, { data: { owner: 'J. Rivera', size: 7200, pvalue: 250000 } });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderStep = (element: React.ReactNode) => renderRoutes([{ path: '/', element }]);

/** The Yes or the No of a Yes/No question, found by its label. */
const radioOf = (question: string, value: 'true' | 'false') =>
  screen.getByRole('radiogroup', { name: question }).querySelector(`input[value="${value}"]`) as HTMLElement;
const yesOf = (question: string) => radioOf(question, 'true');
const noOf = (question: string) => radioOf(question, 'false');

beforeEach(() => {
  signIn();
  fakeServer();
});

describe('Step 1, Service area', () => {
  it('looks the zip up at its fifth digit and names the market and its exceptions', async () => {
    const seen = vi.fn();
    const { user } = renderStep(<StepHarness onValues={seen} render={(props) => <ServiceAreaStep {...props} />} />);
    await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '75201');
    expect(
      await screen.findByText(/Dallas serves 75201. Not covered: No service north of the tollway/),
    ).toBeInTheDocument();
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ isZipValid: true }));
  });

  it('shows the server message under the zip when no zone serves it', async () => {
    const { user } = renderStep(<StepHarness render={(props) => <ServiceAreaStep {...props} />} />);
    await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '10001');
    expect(await screen.findByText(PLACE_MESSAGES.notInServiceArea)).toBeInTheDocument();
  });

  it('shows the confirmations’ message when they are not ticked', () => {
    renderStep(
      <StepHarness
        errors={{ useServiceHousesOccupied: NEW_CUSTOMER_MESSAGES.occupancyRequired }}
        render={(props) => <ServiceAreaStep {...props} />}
      />,
    );
    expect(screen.getByText(NEW_CUSTOMER_MESSAGES.occupancyRequired)).toBeInTheDocument();
  });
});

describe('Step 2, Your location', () => {
  it('offers the customer-service users as CSR and pre-fills the lot from the county record', async () => {
    const seen = vi.fn();
    const { user } = renderStep(
      <StepHarness
        initial={{ address: servedAddress, isZipValid: true }}
        onValues={seen}
        render={(props) => <LocationStep {...props} />}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: /CSR/ }));
    expect(await screen.findByRole('option', { name: 'Sofia Ramirez' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Look up property data' }));
    expect(await screen.findByText(/Owner: J. Rivera/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Lot size/ })).toHaveValue('7200');
  });
});

describe('Step 3, Your price', () => {
  it('says what overgrown grass costs, and frequency 4 removes and disables Bag grass', async () => {
    const seen = vi.fn();
    const { user } = renderStep(
      <StepHarness
        initial={{ address: servedAddress, businesslogicId: 1, srvFrecuency: 1, mowCut: ['Front', 'Back', 'BagGrass'] }}
        onValues={seen}
        render={(props) => <PriceStep {...props} tiers={TIERS} measuredTierId={1} />}
      />,
    );
    expect(screen.getByText(new RegExp(NEW_CUSTOMER_MESSAGES.priorityMow.replace(/[&]/g, '.')))).toBeInTheDocument();
    expect(screen.getByText(/Total per mow \$43\.30/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Frequency/ }));
    await user.click(await screen.findByRole('option', { name: 'Drought Schedule' }));
    await waitFor(() => expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ mowCut: ['Front', 'Back'] })));
    expect(screen.getByRole('checkbox', { name: 'Bag grass' })).toBeDisabled();
  });

  it('asks for a reason when the billed lot differs from the measured one', () => {
    renderStep(
      <StepHarness
        initial={{ address: servedAddress, businesslogicId: 2 }}
        render={(props) => <PriceStep {...props} tiers={TIERS} measuredTierId={1} />}
      />,
    );
    expect(screen.getByRole('textbox', { name: /Reason for the lot size change/ })).toBeInTheDocument();
  });
});

describe('Step 4, Customer info', () => {
  it('asks for consent on a liability Yes; declining cancels the application', async () => {
    const cancel = vi.fn();
    const { user } = renderStep(
      <StepHarness
        render={(props) => <CustomerInfoStep {...props} today="2026-05-04" onCancelApplication={cancel} />}
      />,
    );
    const pool = screen.getByRole('radiogroup', { name: 'Is there an above-ground pool?' });
    await user.click(pool.querySelector('input[value="true"]') as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Release of liability' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('keeps the consent open on Escape and on a click beside it: only its buttons close it', async () => {
    const cancel = vi.fn();
    const { user } = renderStep(
      <StepHarness
        render={(props) => <CustomerInfoStep {...props} today="2026-05-04" onCancelApplication={cancel} />}
      />,
    );
    await user.click(yesOf('Are there pets in the backyard?'));
    const consent = await screen.findByRole('dialog', { name: 'Release of liability' });
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.MuiBackdrop-root') as HTMLElement);
    await user.click(document.querySelector('.MuiDialog-container') as HTMLElement);
    expect(consent).toBeVisible();
    expect(cancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Accept liability' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancel).not.toHaveBeenCalled();
  });

  it('asks each Yes its own consent and keeps one release per item; a No takes its release back', async () => {
    const seen = vi.fn<(values: WizardValues) => void>();
    const { user } = renderStep(
      <StepHarness
        onValues={seen}
        render={(props) => <CustomerInfoStep {...props} today="2026-05-04" onCancelApplication={vi.fn()} />}
      />,
    );
    const released = () => seen.mock.lastCall?.[0].acceptedReleases;
    for (const question of ['Is there an above-ground pool?', 'Is there a trampoline?']) {
      await user.click(yesOf(question));
      const consent = await screen.findByRole('dialog', { name: 'Release of liability' });
      expect(consent).toHaveTextContent(question);
      await user.click(screen.getByRole('button', { name: 'Accept liability' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(released()).toEqual(['isAboveGroundPool', 'isTranpoline']);
    await user.click(noOf('Is there an above-ground pool?'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(released()).toEqual(['isTranpoline']);
  });

  it('asks for the gate code when there is a gate', async () => {
    const { user } = renderStep(
      <StepHarness
        render={(props) => <CustomerInfoStep {...props} today="2026-05-04" onCancelApplication={vi.fn()} />}
      />,
    );
    expect(screen.queryByRole('textbox', { name: /Gate code/ })).not.toBeInTheDocument();
    const gate = screen.getByRole('radiogroup', { name: 'Is there a backyard gate?' });
    await user.click(gate.querySelector('input[value="true"]') as HTMLElement);
    expect(screen.getByRole('textbox', { name: /Gate code/ })).toBeInTheDocument();
  });
});

describe('Step 5, Notes', () => {
  it('keeps the private note, the special request and the B&B notes', async () => {
    const seen = vi.fn();
    const { user } = renderStep(<StepHarness onValues={seen} render={(props) => <NotesStep {...props} />} />);
    await user.type(screen.getByRole('textbox', { name: 'Special request' }), 'Close the gate');
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ specialRequest: 'Close the gate' }));
  });
});
