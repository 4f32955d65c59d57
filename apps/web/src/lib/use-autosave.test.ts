import { AUTOSAVE_DELAY_MS } from '@lawn/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useAutosave } from './use-autosave';

type Patch = { crew?: number; weekDay?: number };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('useAutosave', () => {
  it('waits 500 ms after the last edit and sends every field queued meanwhile in one save', async () => {
    const save = vi.fn((_patch: Patch) => Promise.resolve());
    const { result } = renderHook(() => useAutosave<Patch>({ save }));
    expect(result.current.status).toBe('idle');
    act(() => result.current.queue({ crew: 4 }));
    await wait(AUTOSAVE_DELAY_MS - 100);
    act(() => result.current.queue({ weekDay: 2 }));
    await wait(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await wait(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ crew: 4, weekDay: 2 });
    expect(result.current.status).toBe('saved');
  });

  it('says saving while a save is on its way, and sends the next one only after it', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn(
      (_patch: Patch) =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { result } = renderHook(() => useAutosave<Patch>({ save }));
    act(() => result.current.queue({ crew: 4 }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('saving');
    act(() => result.current.queue({ crew: 5 }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await wait(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ crew: 5 });
    await act(async () => finish());
    expect(result.current.status).toBe('saved');
  });

  it('says failed and sends the failed fields again with the next edit', async () => {
    const save = vi.fn((_patch: Patch): Promise<void> => Promise.reject(new ApiError(500, { message: 'Down' })));
    const { result } = renderHook(() => useAutosave<Patch>({ save }));
    act(() => result.current.queue({ crew: 4 }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('failed');
    save.mockImplementation(() => Promise.resolve());
    act(() => result.current.queue({ weekDay: 3 }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenLastCalledWith({ crew: 4, weekDay: 3 });
    expect(result.current.status).toBe('saved');
  });

  it('keeps the fields of a refused save (409) queued too: nothing typed is dropped', async () => {
    const save = vi.fn((_patch: Patch): Promise<void> => Promise.reject(new ApiError(409, { message: 'Taken' })));
    const { result } = renderHook(() => useAutosave<Patch>({ save }));
    act(() => result.current.queue({ crew: 4 }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('failed');
    save.mockImplementation(() => Promise.resolve());
    act(() => result.current.queue({ weekDay: 3 }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenLastCalledWith({ crew: 4, weekDay: 3 });
  });

  it("never says saved while an edit waits for the pause; an edit taken back leaves the last save's status", async () => {
    const save = vi.fn((_patch: Patch) => Promise.resolve());
    const { result } = renderHook(() => useAutosave<Patch>({ save }));
    act(() => result.current.queue({ crew: 4 }));
    await wait(AUTOSAVE_DELAY_MS);
    expect(result.current.status).toBe('saved');
    act(() => result.current.queue({ weekDay: 3 }));
    expect(result.current.status).toBe('saving');
    act(() => result.current.drop(['weekDay']));
    expect(result.current.status).toBe('saved');
    await wait(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('drops only the fields taken back: the others are saved after the pause', async () => {
    const save = vi.fn((_patch: Patch) => Promise.resolve());
    const { result } = renderHook(() => useAutosave<Patch>({ save }));
    act(() => result.current.queue({ crew: 4, weekDay: 3 }));
    act(() => result.current.drop(['crew']));
    await wait(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledWith({ weekDay: 3 });
  });

  it('still saves what was queued when the form is left before the wait ends', async () => {
    const save = vi.fn((_patch: Patch) => Promise.resolve());
    const { result, unmount } = renderHook(() => useAutosave<Patch>({ save }));
    act(() => result.current.queue({ crew: 7 }));
    unmount();
    await wait(0);
    expect(save).toHaveBeenCalledWith({ crew: 7 });
  });
});
