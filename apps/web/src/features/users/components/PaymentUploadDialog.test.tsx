import { CREW_PAYMENT_MESSAGES } from '@lawn/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderWithProviders } from '../../../test/render';
import { PaymentUploadDialog } from './PaymentUploadDialog';

const csvFile = (name = 'week48.csv') => new File(['Crew number,Date,Amount,Note\n101,11/27/2026,10,'], name);

function setup(answer: (request: FakeRequest) => Response) {
  const { requests } = installFakeFetch(answer);
  const onUploaded = vi.fn();
  const view = renderWithProviders(<PaymentUploadDialog isOpen onClose={vi.fn()} onUploaded={onUploaded} />);
  const dialog = screen.getByRole('dialog', { name: CREW_PAYMENT_MESSAGES.dialogTitle });
  const fileInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...view, requests, onUploaded, dialog, fileInput };
}

describe('the payment upload dialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('needs a title before a chosen file is sent', async () => {
    const { user, requests, dialog, fileInput } = setup(() => jsonResponse(500, {}));
    await user.upload(fileInput, csvFile());
    expect(await within(dialog).findByText(CREW_PAYMENT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('refuses another kind of file without sending it', async () => {
    const { user, requests, dialog, fileInput } = setup(() => jsonResponse(500, {}));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Week 48');
    // The input's accept list hides other files from the picker; a drop (or a changed input) does not look at it.
    fireEvent.change(fileInput, { target: { files: [new File(['%PDF'], 'week.pdf')] } });
    expect(await within(dialog).findByText(CREW_PAYMENT_MESSAGES.fileType)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends the file with its title as soon as it is chosen, and lists each bad line the server names', async () => {
    const lines = [CREW_PAYMENT_MESSAGES.unknownCrew(3, '999'), CREW_PAYMENT_MESSAGES.badAmount(7)];
    const { user, requests, dialog, fileInput, onUploaded } = setup(() =>
      jsonResponse(400, { message: CREW_PAYMENT_MESSAGES.invalid, errors: { file: lines } }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Week 48');
    await user.upload(fileInput, csvFile());
    expect(await within(dialog).findByText(lines[0]!)).toBeInTheDocument();
    expect(within(dialog).getByText(lines[1]!)).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/crew-payments/upload');
    expect(post?.idempotencyKey).toBeTruthy();
    const body = post?.body as FormData;
    expect(body.get('title')).toBe('Week 48');
    expect((body.get('file') as File).name).toBe('week48.csv');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('says how many payments were saved', async () => {
    const { user, dialog, fileInput, onUploaded } = setup(() =>
      jsonResponse(201, { message: '1 payment saved', data: { id: 4, title: 'Week 48', rows: 1 } }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Week 48');
    await user.upload(fileInput, csvFile('week48.xlsx'));
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith('1 payment saved'));
  });
});
