import { AUTOSAVE_MESSAGES, RECORD_SAVE_MESSAGES } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerDetail } from '../../../test/fixtures';
import { signIn } from '../../../test/render';
import { fakeRecordServer, OTHER_EDITOR, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { SpanishTab } from './SpanishTab';

describe('Spanish tab', { timeout: 30_000 }, () => {
  beforeEach(() => signIn());

  it('shows the four Spanish fields and saves a change on its own, from the value it started from', async () => {
    const { requests } = fakeRecordServer(customerDetail({ id: 101, conditionSpanish: 'Perro', version: 3 }));
    const { user } = renderRecordTab(101, (customer) => <SpanishTab customer={customer} />);
    const conditions = await screen.findByRole('textbox', { name: 'Conditions in Spanish' }, SLOW);
    expect(conditions).toHaveValue('Perro');
    for (const name of ['Requests in Spanish', 'Conditions, translated', 'Requests, translated']) {
      expect(screen.getByRole('textbox', { name })).toHaveValue('');
    }

    await user.type(screen.getByRole('textbox', { name: 'Requests in Spanish' }), 'Cerrar');
    await waitFor(() => expect(patches(requests)).toHaveLength(1), SLOW);
    expect(patches(requests)[0]?.body).toEqual({ requestSpanish: 'Cerrar', base: { requestSpanish: null } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved, {}, SLOW)).toBeInTheDocument();
  });

  it('keeps a text over 255 characters unsaved, with its message', async () => {
    const { requests } = fakeRecordServer(customerDetail({ id: 101 }));
    const { user } = renderRecordTab(101, (customer) => <SpanishTab customer={customer} />);
    const field = await screen.findByRole('textbox', { name: 'Conditions, translated' }, SLOW);
    // The field stops at 255; a pasted longer text is what the rule is for.
    field.removeAttribute('maxlength');
    await user.click(field);
    await user.paste('x'.repeat(256));
    expect(await screen.findByText('Max. 255 characters')).toBeInTheDocument();
    expect(patches(requests)).toHaveLength(0);
  });

  it('shows both values when someone else changed the field meanwhile', async () => {
    const server = fakeRecordServer(customerDetail({ id: 101 }));
    const { user } = renderRecordTab(101, (customer) => <SpanishTab customer={customer} />);
    const field = await screen.findByRole('textbox', { name: 'Conditions in Spanish' }, SLOW);
    server.setCurrent(customerDetail({ id: 101, conditionSpanish: 'Gato', version: 2 }));
    await user.type(field, 'Perro');
    const conflict = await screen.findByRole(
      'group',
      { name: `Conditions in Spanish: ${RECORD_SAVE_MESSAGES.fieldChanged}` },
      SLOW,
    );
    expect(within(conflict).getByText(`Saved by ${OTHER_EDITOR}:`)).toBeInTheDocument();
    expect(conflict).toHaveTextContent('Gato');
  });
});
