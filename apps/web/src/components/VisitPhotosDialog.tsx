import { formatUsDate, VISIT_PHOTO_LABELS, type CompletedService, type VisitPhoto } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { errorMessage } from '../lib/error-message';
import { formatDateTime } from '../lib/dates';

/** Fetches a photo's bytes through the API (a plain image link cannot carry the bearer token). */
export type PhotoLoader = (visit: CompletedService, photo: VisitPhoto) => Promise<Blob>;

function Photo({ visit, photo, load }: { visit: CompletedService; photo: VisitPhoto; load: PhotoLoader }) {
  const blob = useQuery({
    queryKey: ['visit-photo', visit.id, photo.id],
    queryFn: () => load(visit, photo),
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const label = VISIT_PHOTO_LABELS[photo.kind];
  return (
    <Stack component="figure" spacing={0.5} sx={{ m: 0 }}>
      {blob.isError && <Alert severity="error">{errorMessage(blob.error)}</Alert>}
      {blob.isPending && <Skeleton variant="rectangular" height={200} />}
      {url && (
        <img
          src={url}
          alt={`${label} photo, ${formatUsDate(visit.workday)}`}
          style={{ width: '100%', maxHeight: 360, objectFit: 'contain' }}
        />
      )}
      <Typography component="figcaption" variant="body2">
        {label}: {photo.filename}, {formatDateTime(new Date(photo.createdAt))}
      </Typography>
    </Stack>
  );
}

/** A completed visit in full: its day, crew and note, and its check-in and check-out photos side by side. */
export function VisitPhotosDialog({
  visit,
  load,
  onClose,
}: {
  visit: CompletedService;
  load: PhotoLoader;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Service of {formatUsDate(visit.workday)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {visit.crewNumber === null ? 'Crew not recorded' : `Crew ${visit.crewNumber}`}
            {visit.note ? `: ${visit.note}` : ''}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {visit.photos.map((photo) => (
              <Photo key={photo.id} visit={visit} photo={photo} load={load} />
            ))}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
