import { activeReferralTypeSchema, formatPhone, noResignReferralTypeSchema } from '@lawn/shared';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { EMPTY_REFERRAL_FIELDS, FIELD_LABELS, type ReferralFields } from '../referral-draft';

type ReferralDialogProps = {
  isResign: boolean;
  /** The referral's fields now, or null to add one. */
  fields: ReferralFields | null;
  marketName: string;
  onClose: () => void;
  /** Called with the checked fields (phones as their 10 digits); the page keeps them until Update. */
  onDone: (fields: ReferralFields) => void;
};

type FormProps = Omit<ReferralDialogProps, 'isResign'>;

function dialogText({ fields, marketName }: FormProps) {
  return { title: fields === null ? 'Add Referral' : 'Edit Referral', description: `Market: ${marketName}` };
}

function ActiveReferralForm(props: FormProps) {
  const { fields, onClose, onDone } = props;
  const { website: _website, ...saved } = fields ?? EMPTY_REFERRAL_FIELDS;
  // Phones are kept as their digits and shown with the mask people read.
  const values = { ...saved, phone: formatPhone(saved.phone), secondPhone: formatPhone(saved.secondPhone) };
  const form = useSchemaForm(activeReferralTypeSchema, { defaultValues: values });
  const submit = form.handleSubmit((checked) => onDone({ ...EMPTY_REFERRAL_FIELDS, ...checked }));
  const field = (name: keyof typeof values, extra: { required?: boolean; multiline?: boolean } = {}) => (
    <FormTextField control={form.control} name={name} label={FIELD_LABELS[name]} fullWidth {...extra} />
  );
  return (
    <FormDialog
      isOpen
      {...dialogText(props)}
      submitLabel="Done"
      isPending={false}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      maxWidth="sm"
    >
      {field('service')}
      {field('name', { required: true })}
      {field('phone')}
      {field('comment', { multiline: true })}
      {field('secondChoice')}
      {field('secondPhone')}
      {field('secondComment', { multiline: true })}
    </FormDialog>
  );
}

function NoResignReferralForm(props: FormProps) {
  const { fields, onClose, onDone } = props;
  const { name, phone, website } = fields ?? EMPTY_REFERRAL_FIELDS;
  const form = useSchemaForm(noResignReferralTypeSchema, {
    defaultValues: { name, phone: formatPhone(phone), website },
  });
  const submit = form.handleSubmit((checked) => onDone({ ...EMPTY_REFERRAL_FIELDS, ...checked }));
  return (
    <FormDialog
      isOpen
      {...dialogText(props)}
      submitLabel="Done"
      isPending={false}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField control={form.control} name="name" label={FIELD_LABELS.name} required fullWidth />
      <FormTextField control={form.control} name="phone" label={FIELD_LABELS.phone} required fullWidth />
      <FormTextField control={form.control} name="website" label={FIELD_LABELS.website} fullWidth />
    </FormDialog>
  );
}

/** Adds or changes a referral of a market, checked by its page's rules, on the page only: Update sends it. */
export function ReferralDialog({ isResign, ...props }: ReferralDialogProps) {
  return isResign ? <NoResignReferralForm {...props} /> : <ActiveReferralForm {...props} />;
}
