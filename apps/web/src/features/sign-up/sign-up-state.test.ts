import { describe, expect, it } from 'vitest';
import { INITIAL_SIGN_UP_STATE, restoreSignUpState } from './sign-up-state';

describe('restoring the sign-up from sessionStorage (a reload, or the quote page handing over to the sign-up)', () => {
  it('keeps the areas to mow a list and merges the answers and addresses over their initial fields', () => {
    const saved = JSON.parse(
      JSON.stringify({
        ...INITIAL_SIGN_UP_STATE,
        mowCut: ['Front', 'BagGrass'],
        srvFrecuency: 2,
        answers: { isBackyardGate: 'No' },
        billing: { address: '1 Main St' },
      }),
    ) as unknown;
    const state = restoreSignUpState(saved, INITIAL_SIGN_UP_STATE);
    expect(state.mowCut).toEqual(['Front', 'BagGrass']);
    expect(state.srvFrecuency).toBe(2);
    expect(state.answers).toEqual({ ...INITIAL_SIGN_UP_STATE.answers, isBackyardGate: 'No' });
    expect(state.billing).toEqual({ ...INITIAL_SIGN_UP_STATE.billing, address: '1 Main St' });
  });

  it('falls back to the initial value for a mistyped or unknown entry', () => {
    const state = restoreSignUpState(
      { mowCut: 'Front', marketId: 'x', srvFrecuency: 9, unknown: 1 },
      INITIAL_SIGN_UP_STATE,
    );
    expect(state.mowCut).toEqual(INITIAL_SIGN_UP_STATE.mowCut);
    expect(state.marketId).toBeNull();
    expect(state.srvFrecuency).toBe(INITIAL_SIGN_UP_STATE.srvFrecuency);
    expect(state).not.toHaveProperty('unknown');
  });
});
