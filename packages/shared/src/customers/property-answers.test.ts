import { describe, expect, it } from 'vitest';
import { propertyAnswerLines, type PropertyAnswerValues } from './property-answers';

const WIZARD: PropertyAnswerValues = {
  grassOvergrown: false,
  isCommunityGate: true,
  isBackyardGate: false,
  isGateLocked: null,
  wantsComboLock: null,
  isFlowerBeds: true,
  lineTrimBeds: null,
  bedsCouldBeDamaged: null,
  isPetsBackyard: true,
  petsMowAround: null,
  isFencePlastic: false,
  isAboveGroundPool: false,
  isTranpoline: true,
};

describe('propertyAnswerLines', () => {
  it.each<[string, Partial<PropertyAnswerValues>, string[]]>([
    [
      'the wizard’s answers, without the follow-ups it does not ask',
      {},
      [
        'Grass overgrown (above six inches): No',
        'Community gate: Yes',
        'Backyard gate: No',
        'Flower beds: Yes',
        'Pets in the backyard: Yes',
        'White vinyl fence: No',
        'Above-ground pool: No',
        'Trampoline: Yes',
      ],
    ],
    [
      'the sign-up’s follow-ups in words, under their question',
      { isBackyardGate: true, isGateLocked: true, wantsComboLock: false, petsMowAround: 'yes_knock' },
      [
        'Grass overgrown (above six inches): No',
        'Community gate: Yes',
        'Backyard gate: Yes',
        'Backyard gate locked: Yes',
        'Install a free combo lock: No',
        'Flower beds: Yes',
        'Pets in the backyard: Yes',
        'Mow around the pets: Yes, knock on the front door first',
        'White vinyl fence: No',
        'Above-ground pool: No',
        'Trampoline: Yes',
      ],
    ],
  ])('%s', (_name, change, expected) => {
    expect(propertyAnswerLines({ ...WIZARD, ...change }).map((line) => `${line.label}: ${line.value}`)).toEqual(
      expected,
    );
  });
});
