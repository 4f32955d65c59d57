import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerSearchBox } from './CustomerSearchBox';

// The box searches 400 ms after the last key. The list's URL takes the search a moment later, and the person may have
// typed on meanwhile: what they typed stays. A search from elsewhere (Back, the menu) replaces the box's text.
// The test moves a fake clock and types one change event per key (user-event's own waits would never end on it).

let searches: string[];
let showSearch: (text: string) => void;

/** Types `keys` at the end of the box's text, one key at a time; `{Enter}` presses Enter. */
function type(box: HTMLElement, keys: string) {
  for (const key of keys.split(/(\{Enter\})/).flatMap((part) => (part === '{Enter}' ? [part] : [...part]))) {
    if (key === '{Enter}') fireEvent.keyDown(box, { key: 'Enter' });
    else fireEvent.change(box, { target: { value: (box as HTMLInputElement).value + key } });
  }
}

const pause = async () => act(() => vi.advanceTimersByTime(400));

/** The box on the list page, whose URL shows a search only when the test says the navigation landed. */
function renderBox() {
  searches = [];
  const onSearch = (text: string) => searches.push(text);
  const view = render(<CustomerSearchBox value="" onSearch={onSearch} />);
  showSearch = (text) => view.rerender(<CustomerSearchBox value={text} onSearch={onSearch} />);
  return screen.getByRole('searchbox', { name: 'Search customers' });
}

describe('CustomerSearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps the keys typed while its own search was on the way to the URL', async () => {
    const box = renderBox();
    type(box, 'Dan');
    await pause();
    expect(searches).toEqual(['Dan']);

    type(box, 'a');
    showSearch('Dan');
    expect(box).toHaveValue('Dana');

    await pause();
    expect(searches).toEqual(['Dan', 'Dana']);
  });

  it('shows a search that came from elsewhere, and searches again after it', async () => {
    const box = renderBox();
    type(box, 'Dana');
    await pause();
    showSearch('Dana');

    showSearch('');
    expect(box).toHaveValue('');
    showSearch('Dana');
    expect(box).toHaveValue('Dana');

    type(box, ' Lee');
    await pause();
    expect(searches).toEqual(['Dana', 'Dana Lee']);
  });

  it('searches at once on Enter, and not for a text too short', async () => {
    const box = renderBox();
    type(box, 'Le');
    await pause();
    expect(searches).toEqual([]);
    expect(screen.getByText(/at least/i)).toBeVisible();

    type(box, 'e{Enter}');
    expect(searches).toEqual(['Lee']);
  });
});
