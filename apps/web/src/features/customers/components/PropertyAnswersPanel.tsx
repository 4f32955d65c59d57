import { PROPERTY_ANSWER_LABELS, propertyAnswerLines, type RecordedPropertyAnswers } from '@lawn/shared';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatDateTime } from '../../../lib/dates';
import { usePropertyAnswersQuery } from '../api/property-answers-api';

/** The answers and the releases, read-only: what the customer said at sign-up is a record, not a setting. */
function RecordedAnswers({ answers }: { answers: RecordedPropertyAnswers }) {
  return (
    <Stack spacing={2}>
      <Table size="small" aria-label="Property answers">
        <TableBody>
          {propertyAnswerLines(answers).map((line) => (
            <TableRow key={line.field}>
              <TableCell component="th" scope="row">
                {line.label}
              </TableCell>
              <TableCell>{line.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle1" component="h4">
        Releases of liability
      </Typography>
      {answers.releases.length === 0 ? (
        <Typography color="text.secondary">No item needed a release of liability.</Typography>
      ) : (
        <Table size="small" aria-label="Releases of liability">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Accepted</TableCell>
              <TableCell>Accepted by</TableCell>
              <TableCell>When (Central time)</TableCell>
              <TableCell>From address</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answers.releases.map((release) => (
              <TableRow key={release.item}>
                <TableCell component="th" scope="row">
                  {PROPERTY_ANSWER_LABELS[release.item]}
                </TableCell>
                <TableCell>{release.accepted ? 'Yes' : 'No'}</TableCell>
                <TableCell>{release.acceptedBy}</TableCell>
                <TableCell>{formatDateTime(new Date(release.acceptedAt))}</TableCell>
                <TableCell>{release.acceptedFromIp ?? 'Unknown'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * The record's Property answers: what the customer answered about the property when they signed up (gates, flower
 * beds, pets, vinyl fence, above-ground pool, trampoline) and each release of liability they accepted, with who took it
 * and when, in the business's time zone.
 */
export function PropertyAnswersPanel({ customerId }: { customerId: number }) {
  const query = usePropertyAnswersQuery(customerId);
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="property-answers-title">
      <Typography variant="h6" component="h3" id="property-answers-title">
        Property answers
      </Typography>
      {query.isPending && <Skeleton variant="rounded" height={160} aria-label="Loading the property answers" />}
      {query.isError && (
        <LoadErrorAlert subject="The property answers" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess &&
        (query.data === null ? (
          <Typography color="text.secondary">
            No answers were recorded: this customer signed up before the answers were kept.
          </Typography>
        ) : (
          <RecordedAnswers answers={query.data} />
        ))}
    </Stack>
  );
}
