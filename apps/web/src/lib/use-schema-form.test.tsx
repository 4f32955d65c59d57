import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from './use-schema-form';

const SLOW = { timeout: 5000 };

/** Input: the digits typed; output: a number the API receives. */
const slotsSchema = z.object({
  slots: z
    .string()
    .regex(/^\d+$/, 'Must be a number')
    .transform((text) => Number(text)),
});

function SlotsForm({ onValid }: { onValid: (slots: number) => void }) {
  const form = useSchemaForm(slotsSchema, { defaultValues: { slots: '' } });
  const submit = form.handleSubmit(({ slots }) => onValid(slots));
  return (
    <form onSubmit={(event) => void submit(event)}>
      <label htmlFor="slots">Slots</label>
      <input id="slots" {...form.register('slots')} />
      <p role="alert">{form.formState.errors.slots?.message}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it("shows the schema's message at its field and submits nothing", async () => {
    const onValid = vi.fn();
    render(<SlotsForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Slots'), '1a');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a number', {}, SLOW)).toBeVisible();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("submits the schema's output, not the typed text", async () => {
    const onValid = vi.fn();
    render(<SlotsForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Slots'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledWith(12), SLOW);
  });
});
