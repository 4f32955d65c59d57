import {
  basicSearchField,
  BASIC_SEARCH_FIELDS,
  CUSTOMER_STATUSES,
  formatUsDate,
  HOW_HEARD,
  HOW_HEARD_ORDER,
  LAST_NAME_BUCKETS,
  LOOKUP_ATTRIBUTES,
  LOOKUP_METHOD,
  MOW_DAYS,
  NOTE_TYPES,
  WEEKS_LIMIT,
  type BasicFieldOptions,
  type LookupMethod,
} from '@lawn/shared';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { useLookupCsrsQuery, useLookupMarketsQuery, useMowWeeksQuery } from '../api/lookup-api';
import { lookupYears, type LookupControl } from '../lookup-form';
import { LookupDateField } from './LookupDateField';

type Choice = readonly [value: string, label: string];
type FieldsProps = { control: LookupControl; currentYear: number };

const codeChoices = (labels: Readonly<Record<number, string>>): Choice[] =>
  Object.entries(labels).map(([code, label]) => [code, label] as const);
const WEEK_NUMBERS: Choice[] = Array.from({ length: WEEKS_LIMIT }, (_, index) => [`${index + 1}`, `Week ${index + 1}`]);

const menuItems = (choices: readonly Choice[]) =>
  choices.map(([value, label]) => (
    <MenuItem key={value} value={value}>
      {label}
    </MenuItem>
  ));

const cell = (children: ReactNode, size = 6) => <Grid size={{ xs: 12, sm: size }}>{children}</Grid>;

function useMarketChoices(): Choice[] {
  return (useLookupMarketsQuery().data ?? []).map((market) => [String(market.id), market.name] as const);
}

function useBasicChoices(options: BasicFieldOptions | undefined): Choice[] {
  const markets = useMarketChoices();
  const csrs = useLookupCsrsQuery().data ?? [];
  switch (options?.kind) {
    case 'codes':
      return codeChoices(options.labels);
    case 'weeks':
      return WEEK_NUMBERS;
    case 'lastNameBuckets':
      return Object.keys(LAST_NAME_BUCKETS).map((bucket) => [bucket, bucket] as const);
    case 'markets':
      return markets;
    case 'csrs':
      return csrs.map((user) => [String(user.id), user.fullName] as const);
    default:
      return [];
  }
}

/** 1 Basic search: the field picker, its value (text, choice, date, or source with a date range) and a market. */
function BasicFields({ control }: FieldsProps) {
  const searchBasic = useWatch({ control, name: 'searchBasic' });
  const picked = basicSearchField(Number(searchBasic));
  const clearValue = useController({ control, name: 'parentBasic' }).field.onChange;
  // Another field starts with no value: a name typed for one field is no choice of the next.
  const shownField = useRef(searchBasic);
  useEffect(() => {
    if (shownField.current === searchBasic) return;
    shownField.current = searchBasic;
    clearValue('');
  }, [searchBasic, clearValue]);
  const choices = useBasicChoices(picked?.kind === 'select' ? picked.options : undefined);
  const markets = useMarketChoices();
  return (
    <>
      {cell(
        <FormTextField control={control} name="searchBasic" label="Search by" select fullWidth required>
          {menuItems(BASIC_SEARCH_FIELDS.map((field) => [String(field.code), field.label] as const))}
        </FormTextField>,
      )}
      {picked?.kind === 'text' &&
        cell(<FormTextField control={control} name="parentBasic" label={picked.label} fullWidth required />)}
      {picked?.kind === 'select' &&
        cell(
          <FormTextField control={control} name="parentBasic" label={picked.label} select fullWidth required>
            {menuItems(choices)}
          </FormTextField>,
        )}
      {picked?.kind === 'date' && cell(<LookupDateField control={control} name="parentBasic" label={picked.label} />)}
      {picked?.kind === 'sourceRange' && (
        <>
          {cell(
            <FormTextField control={control} name="about" label="Source" select fullWidth required>
              {menuItems(HOW_HEARD_ORDER.map((code) => [String(code), HOW_HEARD[code]] as const))}
            </FormTextField>,
          )}
          {cell(<LookupDateField control={control} name="startDate" label="Start date" />)}
          {cell(<LookupDateField control={control} name="endDate" label="End date" />)}
        </>
      )}
      {picked?.filter !== 'market' &&
        cell(
          <FormTextField control={control} name="market" label="Market (optional)" select fullWidth>
            <MenuItem value="">Any market</MenuItem>
            {menuItems(markets)}
          </FormTextField>,
        )}
    </>
  );
}

/** 2 Work weeks: previous, current or next year, then one of its weeks as the API counts them. */
function WorkWeeksFields({ control, currentYear }: FieldsProps) {
  const year = Number(useWatch({ control, name: 'year' })) || null;
  const weeks = useMowWeeksQuery(year);
  return (
    <>
      {cell(
        <FormTextField control={control} name="year" label="Year" select fullWidth required>
          {menuItems(lookupYears(currentYear).map((value) => [String(value), String(value)] as const))}
        </FormTextField>,
      )}
      {cell(
        <FormTextField control={control} name="week" label="Week" select fullWidth required disabled={!weeks.data}>
          {menuItems(
            (weeks.data ?? []).map(
              (week) =>
                [
                  String(week.week),
                  `Week ${week.week}: ${formatUsDate(week.start)} - ${formatUsDate(week.end)}`,
                ] as const,
            ),
          )}
        </FormTextField>,
      )}
    </>
  );
}

/** 9 Attributes: any of status, skip, write-in, redo and note, each with its value. */
function AttributesFields({ control }: FieldsProps) {
  const chosen = useWatch({ control, name: 'attributes' });
  return (
    <>
      {cell(
        <FormTextField
          control={control}
          name="attributes"
          label="Attributes"
          select
          fullWidth
          required
          slotProps={{ select: { multiple: true } }}
        >
          {menuItems(Object.entries(LOOKUP_ATTRIBUTES))}
        </FormTextField>,
        12,
      )}
      {chosen.includes('status') &&
        cell(
          <FormTextField control={control} name="status" label="Status" select fullWidth required>
            {menuItems(codeChoices(CUSTOMER_STATUSES))}
          </FormTextField>,
        )}
      {chosen.includes('skip') && cell(<LookupDateField control={control} name="skipDate" label="Skips date" />)}
      {chosen.includes('write') && cell(<LookupDateField control={control} name="writeDate" label="Write in date" />)}
      {chosen.includes('redo') && cell(<LookupDateField control={control} name="redoDate" label="Redo date" />)}
      {chosen.includes('note') && (
        <>
          {cell(<LookupDateField control={control} name="noteDate" label="Note date" />)}
          {cell(
            <FormTextField control={control} name="noteType" label="Note type" select fullWidth required>
              {menuItems(codeChoices(NOTE_TYPES))}
            </FormTextField>,
          )}
        </>
      )}
    </>
  );
}

/** 10 Status and market. */
function StatusMarketFields({ control }: FieldsProps) {
  const markets = useMarketChoices();
  return (
    <>
      {cell(
        <FormTextField control={control} name="status" label="Status" select fullWidth>
          <MenuItem value="">Any status</MenuItem>
          {menuItems(codeChoices(CUSTOMER_STATUSES))}
        </FormTextField>,
      )}
      {cell(
        <FormTextField control={control} name="market" label="Market" select fullWidth>
          <MenuItem value="">Any market</MenuItem>
          {menuItems(markets)}
        </FormTextField>,
      )}
    </>
  );
}

/** 12, 13, 14: the report pages' mow week, mow day, crew and market, in a year. */
function ReportFields({ control, currentYear }: FieldsProps) {
  const markets = useMarketChoices();
  return (
    <>
      {cell(
        <FormTextField control={control} name="year" label="Year" select fullWidth>
          {menuItems(lookupYears(currentYear).map((value) => [String(value), String(value)] as const))}
        </FormTextField>,
      )}
      {cell(
        <FormTextField control={control} name="week" label="Week number" select fullWidth>
          <MenuItem value="">Any week</MenuItem>
          {menuItems(WEEK_NUMBERS)}
        </FormTextField>,
      )}
      {cell(
        <FormTextField control={control} name="weekDay" label="Mow day" select fullWidth>
          <MenuItem value="">Any day</MenuItem>
          {menuItems(codeChoices(MOW_DAYS))}
        </FormTextField>,
      )}
      {cell(
        <FormTextField
          control={control}
          name="crew"
          label="Crew"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />,
      )}
      {cell(
        <FormTextField control={control} name="market" label="Market" select fullWidth>
          <MenuItem value="">Any market</MenuItem>
          {menuItems(markets)}
        </FormTextField>,
      )}
    </>
  );
}

/** The sub-form of the chosen method; none before a method is chosen. */
export function LookupMethodFields({ method, ...props }: FieldsProps & { method: LookupMethod | null }) {
  switch (method) {
    case LOOKUP_METHOD.basic:
      return <BasicFields {...props} />;
    case LOOKUP_METHOD.workWeeks:
      return <WorkWeeksFields {...props} />;
    case LOOKUP_METHOD.attributes:
      return <AttributesFields {...props} />;
    case LOOKUP_METHOD.statusMarket:
      return <StatusMarketFields {...props} />;
    case LOOKUP_METHOD.creationDate:
      return cell(<LookupDateField control={props.control} name="date" label="Creation date" />);
    case LOOKUP_METHOD.operationsReport:
    case LOOKUP_METHOD.reconciliationReport:
    case LOOKUP_METHOD.bushBedReport:
      return <ReportFields {...props} />;
    case LOOKUP_METHOD.cellphone:
      return cell(
        <Typography color="text.secondary">Finds the active customers whose phone is a cellphone.</Typography>,
        12,
      );
    default:
      return null;
  }
}
