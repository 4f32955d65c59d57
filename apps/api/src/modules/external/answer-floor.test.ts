import { describe, expect, it } from 'vitest';
import { withAnswerFloor, type FloorClock } from './answer-floor';

/** A clock that only moves when the work or the floor moves it, recording every wait. */
function fakeClock() {
  let time = 1000;
  const waits: number[] = [];
  const clock: FloorClock = {
    now: () => time,
    sleep: async (ms) => {
      waits.push(ms);
      time += ms;
    },
  };
  return { clock, waits, advance: (ms: number) => (time += ms) };
}

describe('withAnswerFloor', () => {
  it('waits out the rest of the floor after quick work, and answers its result', async () => {
    const { clock, waits, advance } = fakeClock();
    const result = await withAnswerFloor(
      300,
      async () => {
        advance(40);
        return 'found';
      },
      clock,
    );
    expect(result).toBe('found');
    expect(waits).toEqual([260]);
  });

  it('waits the same way before letting a failure through', async () => {
    const { clock, waits, advance } = fakeClock();
    const failing = withAnswerFloor(
      300,
      async () => {
        advance(5);
        throw new Error('not found');
      },
      clock,
    );
    await expect(failing).rejects.toThrow('not found');
    expect(waits).toEqual([295]);
  });

  it('adds nothing after work that took longer than the floor', async () => {
    const { clock, waits, advance } = fakeClock();
    await withAnswerFloor(300, async () => advance(450), clock);
    expect(waits).toEqual([]);
  });
});
