import { describe, expect, it } from 'vitest';
import {
  answerQuestion,
  EMPTY_PROPERTY_ANSWERS,
  followUpsOf,
  isQuestionAsked,
  noticeFor,
  type PropertyAnswers,
  type PropertyQuestion,
} from './property-questions';

const answered: PropertyAnswers = {
  ...EMPTY_PROPERTY_ANSWERS,
  isCommunityGate: 'Yes',
  communityCode: '1234',
  isBackyardGate: 'Yes',
  isItLocked: 'Yes',
  gateCode: '9876',
  isBackyardComboLock: 'Yes',
  isFlowerBeds: 'Yes',
  isLineTrimBeds: 'Yes',
  isFlowerBedsDamage: 'No',
  isPetsBackyard: 'Yes',
  isPetNoTrouble: 'yes_knock',
  isFencePlastic: 'Yes',
  disclaimerFencePlastic: 'Yes',
};

describe('answerQuestion', () => {
  it.each<[PropertyQuestion, PropertyQuestion[]]>([
    ['isCommunityGate', ['communityCode']],
    ['isBackyardGate', ['isItLocked', 'gateCode', 'isBackyardComboLock']],
    ['isItLocked', ['gateCode', 'isBackyardComboLock']],
    ['isFlowerBeds', ['isLineTrimBeds', 'isFlowerBedsDamage']],
    ['isLineTrimBeds', ['isFlowerBedsDamage']],
    ['isPetsBackyard', ['isPetNoTrouble']],
    ['isFencePlastic', ['disclaimerFencePlastic']],
  ])('answering No to %s clears %j', (question, cleared) => {
    const next = answerQuestion(answered, question, 'No');
    expect(next[question]).toBe('No');
    for (const followUp of cleared) expect(next[followUp]).toBe('');
    const untouched = (Object.keys(answered) as PropertyQuestion[]).filter(
      (key) => key !== question && !cleared.includes(key),
    );
    for (const key of untouched) expect(next[key]).toBe(answered[key]);
  });

  it('keeps the follow-ups on Yes', () => {
    expect(answerQuestion(answered, 'isBackyardGate', 'Yes')).toEqual(answered);
  });

  it('keeps whatever else the state holds', () => {
    const next = answerQuestion({ ...answered, firstName: 'Ann' }, 'isCommunityGate', 'No');
    expect(next.firstName).toBe('Ann');
  });
});

describe('followUpsOf and isQuestionAsked', () => {
  it('lists the follow-ups at every depth', () => {
    expect(followUpsOf('isBackyardGate')).toEqual(['isItLocked', 'gateCode', 'isBackyardComboLock']);
    expect(followUpsOf('grassOvergrown')).toEqual([]);
  });

  it('asks a follow-up only while every question above it is Yes', () => {
    expect(isQuestionAsked(EMPTY_PROPERTY_ANSWERS, 'isFencePlastic')).toBe(true);
    expect(isQuestionAsked(EMPTY_PROPERTY_ANSWERS, 'gateCode')).toBe(false);
    expect(isQuestionAsked({ ...EMPTY_PROPERTY_ANSWERS, isBackyardGate: 'Yes' }, 'gateCode')).toBe(false);
    expect(isQuestionAsked(answered, 'gateCode')).toBe(true);
  });
});

describe('noticeFor', () => {
  it.each<[PropertyQuestion, string, string | undefined]>([
    ['grassOvergrown', 'Yes', 'overgrownGrass'],
    ['grassOvergrown', 'No', undefined],
    ['isFlowerBeds', 'Yes', 'flowerBeds'],
    ['isFlowerBedsDamage', 'Yes', 'damage'],
    ['isFlowerBedsDamage', 'No', undefined],
    ['disclaimerFencePlastic', 'No', 'liabilityRefused'],
    ['disclaimerAboveGroundPool', 'No', 'liabilityRefused'],
    ['disclaimerTrampoline', 'No', 'liabilityRefused'],
    ['disclaimerTrampoline', 'Yes', undefined],
    ['isTrampoline', 'No', undefined],
  ])('%s answered %s: %s', (question, value, notice) => {
    expect(noticeFor(question, value)).toBe(notice);
  });
});
