import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StartDateField } from './StartDateField';

// MUI's date picker renders slowly in jsdom; a busy machine multiplies that.
const SLOW = { timeout: 10_000 };

/** A day button of the open picker (a plain lookup: name queries over 42 cells are slow in jsdom). */
function day(grid: HTMLElement, dayOfMonth: number): HTMLElement {
  const cells = Array.from(grid.querySelectorAll<HTMLElement>('button[role="gridcell"]'));
  const cell = cells.find((element) => element.textContent === String(dayOfMonth));
  if (!cell) throw new Error(`No day ${dayOfMonth} in the picker`);
  return cell;
}

describe('StartDateField', () => {
  it('says why some days are not offered, and offers only weekdays that are not holidays from the earliest day', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    // Monday 18 May 2026; Memorial Day is Monday 25 May.
    render(<StartDateField value="" onChange={onChange} earliest="2026-05-18" />);
    expect(screen.getByText(/crews do not mow on weekends and holidays/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Choose date/ }));
    const grid = await screen.findByRole('grid', {}, SLOW);
    expect(day(grid, 15)).toBeDisabled(); // before the earliest day
    expect(day(grid, 23)).toBeDisabled(); // a Saturday
    expect(day(grid, 25)).toBeDisabled(); // Memorial Day
    expect(day(grid, 26)).toBeEnabled();
    await user.click(day(grid, 26));
    expect(onChange).toHaveBeenCalledWith('2026-05-26');
  }, 30_000);

  it('greys out the market’s full and locked days and says why', async () => {
    const user = userEvent.setup();
    render(
      <StartDateField
        value=""
        onChange={vi.fn()}
        earliest="2026-05-18"
        days={[
          { date: '2026-05-19', status: 'full' },
          { date: '2026-05-20', status: 'locked' },
          { date: '2026-05-21', status: 'open' },
        ]}
      />,
    );
    expect(screen.getByText(/05\/19\/2026 is full, 05\/20\/2026 is locked by the office/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Choose date/ }));
    const grid = await screen.findByRole('grid', {}, SLOW);
    expect(day(grid, 19)).toBeDisabled();
    expect(day(grid, 19)).toHaveAttribute('title', 'Closed: full');
    expect(day(grid, 20)).toHaveAttribute('title', 'Closed: locked by the office');
    expect(day(grid, 23)).toHaveAttribute('title', 'Closed: a weekend');
    expect(day(grid, 21)).toBeEnabled();
    expect(day(grid, 21)).not.toHaveAttribute('title');
  }, 30_000);

  it('shows the rule that refused a date in place of the hint', () => {
    render(<StartDateField value="2026-05-23" onChange={vi.fn()} earliest="2026-05-18" error="Choose a weekday" />);
    expect(screen.getByText('Choose a weekday')).toBeInTheDocument();
    expect(screen.queryByText(/crews do not mow/)).not.toBeInTheDocument();
  });
});
