import {
  answerQuestion,
  isQuestionAsked,
  noticeFor,
  PET_ANSWERS,
  SIGN_UP_MESSAGES as M,
  type PropertyAnswers,
  type PropertyNotice,
  type PropertyQuestion,
} from '@lawn/shared';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { MessageDialog } from '../../../components/MessageDialog';
import { YES_NO_WORDS, YesNoField } from '../../../components/YesNoField';

/** The questions in the order they are asked; follow-ups show only under a Yes. */
const QUESTIONS: readonly { question: PropertyQuestion; label: string; kind?: 'text' | 'pets' }[] = [
  { question: 'grassOvergrown', label: 'Is your grass overgrown (above six inches)?' },
  { question: 'isCommunityGate', label: 'Is there a community gate?' },
  { question: 'communityCode', label: 'Community gate code', kind: 'text' },
  { question: 'isBackyardGate', label: 'Is there a backyard gate?' },
  { question: 'isItLocked', label: 'Is it locked?' },
  { question: 'gateCode', label: 'Backyard gate code', kind: 'text' },
  { question: 'isBackyardComboLock', label: 'Would you like us to install a free combo lock?' },
  { question: 'isFlowerBeds', label: 'Do you have flower beds?' },
  { question: 'isLineTrimBeds', label: 'Would you like us to line trim the flower beds?' },
  { question: 'isFlowerBedsDamage', label: 'Is there anything in the beds that could be damaged?' },
  { question: 'isPetsBackyard', label: 'Are there pets in the backyard?' },
  { question: 'isPetNoTrouble', label: 'Can the crew mow around them?', kind: 'pets' },
  { question: 'isFencePlastic', label: 'Do you have a white vinyl fence?' },
  {
    question: 'disclaimerFencePlastic',
    label: 'Do you release us from liability for damage to the vinyl fence?',
  },
  { question: 'isAboveGroundPool', label: 'Do you have an above-ground pool?' },
  {
    question: 'disclaimerAboveGroundPool',
    label: 'Do you release us from liability for damage to the above-ground pool?',
  },
  { question: 'isTrampoline', label: 'Do you have a trampoline?' },
  { question: 'disclaimerTrampoline', label: 'Do you release us from liability for damage to the trampoline?' },
];

const NOTICES: Record<PropertyNotice, { title: string; message: string }> = {
  overgrownGrass: { title: 'Overgrown grass', message: M.overgrownGrass },
  flowerBeds: { title: 'Flower beds', message: M.flowerBeds },
  damage: { title: 'Flower beds', message: M.flowerBeds },
  liabilityRefused: { title: M.sorryTitle, message: M.liabilityRefused },
};

type PropertyQuestionsProps = {
  answers: PropertyAnswers;
  onChange: (answers: PropertyAnswers) => void;
  errors: Partial<Record<PropertyQuestion, string>>;
};

/**
 * The yes/no questions about the property. Answering No clears the follow-ups under the question; some answers open
 * a notice (overgrown grass, flower beds, possible damage, a refused liability release).
 */
export function PropertyQuestions({ answers, onChange, errors }: PropertyQuestionsProps) {
  const [notice, setNotice] = useState<PropertyNotice | null>(null);
  const answer = (question: PropertyQuestion, value: string) => {
    onChange(answerQuestion(answers, question, value));
    const opened = noticeFor(question, value);
    if (opened) setNotice(opened);
  };
  return (
    <Stack spacing={2}>
      {QUESTIONS.filter(({ question }) => isQuestionAsked(answers, question)).map(({ question, label, kind }) =>
        kind === 'text' ? (
          <TextField
            key={question}
            label={label}
            value={answers[question]}
            onChange={(event) => answer(question, event.target.value)}
            error={Boolean(errors[question])}
            helperText={errors[question]}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
        ) : (
          <YesNoField
            key={question}
            label={label}
            value={answers[question]}
            onChange={(value) => answer(question, value)}
            error={errors[question]}
            choices={kind === 'pets' ? Object.entries(PET_ANSWERS) : YES_NO_WORDS}
          />
        ),
      )}
      <MessageDialog
        isOpen={notice !== null}
        title={notice ? NOTICES[notice].title : undefined}
        message={notice ? NOTICES[notice].message : undefined}
        onClose={() => setNotice(null)}
      />
    </Stack>
  );
}
