/**
 * The sign-up's yes/no questions about the property, with their follow-ups. A follow-up is asked
 * only while the answer it hangs on is Yes, so answering No (or changing a Yes) clears everything under it: a gate code
 * is never kept for a gate the customer says is not there.
 */

/** A yes/no answer; '' while the question is unanswered. */
export type YesNo = 'Yes' | 'No' | '';
export const YES_NO = ['Yes', 'No'] as const;

/** Whether the crew can mow around the pets: yes, or yes after knocking on the front door first. */
export const PET_ANSWERS = { Yes: 'Yes', yes_knock: 'Yes, knock on the front door first' } as const;
export type PetAnswer = keyof typeof PET_ANSWERS | '';

export type PropertyAnswers = {
  grassOvergrown: YesNo;
  isCommunityGate: YesNo;
  communityCode: string;
  isBackyardGate: YesNo;
  isItLocked: YesNo;
  gateCode: string;
  isBackyardComboLock: YesNo;
  isFlowerBeds: YesNo;
  isLineTrimBeds: YesNo;
  isFlowerBedsDamage: YesNo;
  isPetsBackyard: YesNo;
  isPetNoTrouble: PetAnswer;
  isFencePlastic: YesNo;
  disclaimerFencePlastic: YesNo;
  isAboveGroundPool: YesNo;
  disclaimerAboveGroundPool: YesNo;
  isTrampoline: YesNo;
  disclaimerTrampoline: YesNo;
};

export const EMPTY_PROPERTY_ANSWERS: PropertyAnswers = {
  grassOvergrown: '',
  isCommunityGate: '',
  communityCode: '',
  isBackyardGate: '',
  isItLocked: '',
  gateCode: '',
  isBackyardComboLock: '',
  isFlowerBeds: '',
  isLineTrimBeds: '',
  isFlowerBedsDamage: '',
  isPetsBackyard: '',
  isPetNoTrouble: '',
  isFencePlastic: '',
  disclaimerFencePlastic: '',
  isAboveGroundPool: '',
  disclaimerAboveGroundPool: '',
  isTrampoline: '',
  disclaimerTrampoline: '',
};

export type PropertyQuestion = keyof PropertyAnswers;

/** The questions asked only after a Yes to the question they are listed under (direct follow-ups only). */
export const FOLLOW_UPS: Partial<Record<PropertyQuestion, readonly PropertyQuestion[]>> = {
  isCommunityGate: ['communityCode'],
  isBackyardGate: ['isItLocked'],
  isItLocked: ['gateCode', 'isBackyardComboLock'],
  isFlowerBeds: ['isLineTrimBeds'],
  isLineTrimBeds: ['isFlowerBedsDamage'],
  isPetsBackyard: ['isPetNoTrouble'],
  isFencePlastic: ['disclaimerFencePlastic'],
  isAboveGroundPool: ['disclaimerAboveGroundPool'],
  isTrampoline: ['disclaimerTrampoline'],
};

/** The three items the crew could damage: each Yes asks the customer to release the company from liability. */
export const LIABILITY_RELEASES = [
  ['isFencePlastic', 'disclaimerFencePlastic'],
  ['isAboveGroundPool', 'disclaimerAboveGroundPool'],
  ['isTrampoline', 'disclaimerTrampoline'],
] as const satisfies readonly (readonly [PropertyQuestion, PropertyQuestion])[];

/** Every follow-up under a question, at any depth (the locked gate's code is under the backyard gate too). */
export function followUpsOf(question: PropertyQuestion): PropertyQuestion[] {
  return (FOLLOW_UPS[question] ?? []).flatMap((followUp) => [followUp, ...followUpsOf(followUp)]);
}

/** Whether a question is asked: a top-level one always, a follow-up while every question above it is Yes. */
export function isQuestionAsked(answers: PropertyAnswers, question: PropertyQuestion): boolean {
  const parent = (Object.keys(FOLLOW_UPS) as PropertyQuestion[]).find((key) => FOLLOW_UPS[key]?.includes(question));
  return parent === undefined || (answers[parent] === 'Yes' && isQuestionAsked(answers, parent));
}

/** The answers after one question is answered: anything but Yes clears the follow-ups under it. */
export function answerQuestion<A extends PropertyAnswers>(answers: A, question: PropertyQuestion, value: string): A {
  const next: Record<string, unknown> = { ...answers, [question]: value };
  if (value !== 'Yes') for (const followUp of followUpsOf(question)) next[followUp] = EMPTY_PROPERTY_ANSWERS[followUp];
  return next as A;
}

/** The notice dialogs an answer opens. */
export type PropertyNotice = 'overgrownGrass' | 'flowerBeds' | 'damage' | 'liabilityRefused';

const LIABILITY_DISCLAIMERS: readonly PropertyQuestion[] = LIABILITY_RELEASES.map(([, disclaimer]) => disclaimer);

/**
 * The notice an answer opens, if any: overgrown grass Yes (it costs double, or cannot be mowed at all), flower beds
 * Yes and could-be-damaged Yes (trimming inside beds may hurt plants), and a liability release answered No (the
 * property cannot be serviced).
 */
export function noticeFor(question: PropertyQuestion, value: string): PropertyNotice | undefined {
  if (question === 'grassOvergrown' && value === 'Yes') return 'overgrownGrass';
  if (question === 'isFlowerBeds' && value === 'Yes') return 'flowerBeds';
  if (question === 'isFlowerBedsDamage' && value === 'Yes') return 'damage';
  if (LIABILITY_DISCLAIMERS.includes(question) && value === 'No') return 'liabilityRefused';
  return undefined;
}
