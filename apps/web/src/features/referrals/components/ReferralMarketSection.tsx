import { formatPhone, REFERRAL_MESSAGES } from '@lawn/shared';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { AddIcon, DeleteOutlinedIcon, EditOutlinedIcon } from '../../../components/icons';
import { FIELD_LABELS, pageFields, type DraftMarket, type DraftReferral, type ReferralFields } from '../referral-draft';

type ReferralMarketSectionProps = {
  market: DraftMarket;
  isResign: boolean;
  isEditing: boolean;
  /** The server's refusals of the last Update, by row key. */
  rowErrors: Record<string, string>;
  onRenameMarket: (market: DraftMarket) => void;
  onDeleteMarket: (market: DraftMarket) => void;
  onAddReferral: (market: DraftMarket) => void;
  onEditReferral: (market: DraftMarket, referral: DraftReferral) => void;
  onDeleteReferral: (market: DraftMarket, referral: DraftReferral) => void;
};

const PHONE_FIELDS: readonly (keyof ReferralFields)[] = ['phone', 'secondPhone'];
const shown = (fields: ReferralFields, field: keyof ReferralFields) =>
  PHONE_FIELDS.includes(field) ? formatPhone(fields[field]) : fields[field];

const PENDING_LABELS = { saved: null, new: 'New', changed: 'Changed', deleted: 'Deleted' } as const;

/** What is waiting for Update, said in words (and struck through when deleted). */
function PendingNote({ status }: { status: DraftMarket['status'] }) {
  const label = PENDING_LABELS[status];
  if (label === null) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
      {label}, not sent
    </Typography>
  );
}

/** One referral market: its name and its referrals' table; in edit mode, its actions and pending changes. */
export function ReferralMarketSection(props: ReferralMarketSectionProps) {
  const { market, isResign, isEditing, rowErrors } = props;
  const headingId = useId();
  const fields = pageFields(isResign);
  const isMarketDeleted = market.status === 'deleted';
  const columnCount = fields.length + (isEditing ? 2 : 0);
  const marketError = rowErrors[market.key];
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography
          id={headingId}
          variant="h6"
          component="h2"
          sx={isMarketDeleted ? { textDecoration: 'line-through' } : undefined}
        >
          {market.name}
        </Typography>
        {isEditing && <PendingNote status={market.status} />}
        {isEditing && !isMarketDeleted && (
          <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
            <Button size="small" startIcon={<AddIcon />} onClick={() => props.onAddReferral(market)}>
              Add referral
            </Button>
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => props.onRenameMarket(market)}>
              Edit market
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => props.onDeleteMarket(market)}
            >
              Delete market
            </Button>
          </Stack>
        )}
      </Stack>
      {marketError && (
        <Typography role="alert" color="error" sx={{ mb: 1 }}>
          {marketError}
        </Typography>
      )}
      <TableContainer>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              {fields.map((field) => (
                <TableCell key={field}>{FIELD_LABELS[field]}</TableCell>
              ))}
              {isEditing && <TableCell>Change</TableCell>}
              {isEditing && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {market.referrals.length === 0 && (
              <TableRow>
                <TableCell colSpan={columnCount} sx={{ color: 'text.secondary' }}>
                  {REFERRAL_MESSAGES.empty}
                </TableCell>
              </TableRow>
            )}
            {market.referrals.map((referral) => {
              const isDeleted = isMarketDeleted || referral.status === 'deleted';
              const error = rowErrors[referral.key];
              return (
                <Fragment key={referral.key}>
                  <TableRow
                    aria-invalid={error ? true : undefined}
                    sx={isDeleted ? { '& td': { textDecoration: 'line-through' } } : undefined}
                  >
                    {fields.map((field) => (
                      <TableCell key={field}>{shown(referral.fields, field)}</TableCell>
                    ))}
                    {isEditing && (
                      <TableCell>
                        <PendingNote status={isMarketDeleted ? 'deleted' : referral.status} />
                      </TableCell>
                    )}
                    {isEditing && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {!isDeleted && (
                          <>
                            <IconButton
                              size="small"
                              aria-label={`Edit ${referral.fields.name}`}
                              onClick={() => props.onEditReferral(market, referral)}
                            >
                              <EditOutlinedIcon fontSize="small" />
                            </IconButton>
                            <IconButton
                              size="small"
                              aria-label={`Delete ${referral.fields.name}`}
                              onClick={() => props.onDeleteReferral(market, referral)}
                            >
                              <DeleteOutlinedIcon fontSize="small" />
                            </IconButton>
                          </>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                  {error && (
                    <TableRow>
                      <TableCell colSpan={columnCount}>
                        <Typography role="alert" color="error" variant="body2">
                          {referral.fields.name}: {error}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
