import { hasRole, REFERRAL_EDIT_ROLES, REFERRAL_MESSAGES } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { AddIcon } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify, useNotifyError } from '../../../components/notifier-context';
import { PendingButton } from '../../../components/PendingButton';
import { ApiError } from '../../../lib/api-client';
import { selectUser, useAppState } from '../../../lib/app-store';
import { errorMessage, readFieldErrors } from '../../../lib/error-message';
import { useApplyReferralChangesMutation, useReferralsQuery } from '../api/referrals-api';
import { MarketNameDialog } from '../components/MarketNameDialog';
import { ReferralDialog } from '../components/ReferralDialog';
import { ReferralMarketSection } from '../components/ReferralMarketSection';
import { changesOf, draftOf, type DraftMarket, type DraftReferral } from '../referral-draft';
import { useReferralDraft } from '../use-referral-draft';

type Dialog =
  | { kind: 'market'; market: DraftMarket | null }
  | { kind: 'referral'; market: DraftMarket; referral: DraftReferral | null };

const DISCARD = {
  title: 'Discard your changes?',
  message: 'The changes you made since Edit have not been sent with Update and will be lost.',
};

/**
 * A referral page: /referral-panel (active-customer referrals, `isResign` false) or /customer-referral-panel
 * (no-resign referrals). It reads each referral market's table; Edit lets Admin, Manager and Representative add,
 * change and delete markets and referrals, all held on the page (and marked) until Update sends them at once, all or
 * nothing. A refused Update keeps every change and shows the server's message at the row it named.
 */
export function ReferralPanelPage({ isResign }: { isResign: boolean }) {
  const { role } = useAppState(selectUser);
  const canEdit = role !== null && hasRole(role, REFERRAL_EDIT_ROLES);
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const markets = useReferralsQuery(isResign);
  const apply = useApplyReferralChangesMutation(isResign);
  const draft = useReferralDraft();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const shownMarkets = draft.draft ?? draftOf(markets.data ?? []);

  const toggleEdit = async () => {
    if (!draft.isEditing) {
      if (markets.data) draft.start(markets.data);
      return;
    }
    if (draft.hasChanges && !(await confirm(DISCARD))) return;
    draft.stop();
    setRefusal(null);
  };

  const update = async () => {
    if (!draft.draft) return;
    const { changes, rows } = changesOf(draft.draft, isResign);
    setRefusal(null);
    try {
      await apply.mutateAsync(changes);
      draft.stop();
      notify(REFERRAL_MESSAGES.saved, 'success');
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        notifyError(error);
        return;
      }
      draft.showRefusals(readFieldErrors(error), rows);
      setRefusal(errorMessage(error));
    }
  };

  const askToDeleteMarket = async (market: DraftMarket) => {
    if (await confirm({ title: REFERRAL_MESSAGES.deleteMarketConfirm })) draft.deleteMarket(market.key);
  };
  const askToDeleteReferral = async (market: DraftMarket, referral: DraftReferral) => {
    if (await confirm({ title: REFERRAL_MESSAGES.deleteTypeConfirm })) draft.deleteReferral(market.key, referral.key);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {canEdit && (
          <Button variant="outlined" disabled={!markets.data || apply.isPending} onClick={() => void toggleEdit()}>
            {draft.isEditing ? 'Cancel' : 'Edit'}
          </Button>
        )}
        {canEdit && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={!draft.isEditing || apply.isPending}
            onClick={() => setDialog({ kind: 'market', market: null })}
          >
            Add Market
          </Button>
        )}
        {draft.isEditing && draft.hasChanges && (
          <Typography variant="body2" sx={{ color: 'text.primary' }}>
            Changes are kept on this page until you press Update.
          </Typography>
        )}
        {canEdit && (
          <PendingButton
            variant="contained"
            sx={{ ml: 'auto' }}
            isPending={apply.isPending}
            disabled={!draft.hasChanges}
            onClick={() => void update()}
          >
            Update
          </PendingButton>
        )}
      </Stack>

      {refusal && <Alert severity="error">{refusal}</Alert>}

      {markets.isPending && (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the referrals" />
        </Stack>
      )}
      {markets.isError && (
        <LoadErrorAlert subject="The referrals" error={markets.error} onRetry={() => void markets.refetch()} />
      )}
      {markets.isSuccess && shownMarkets.length === 0 && (
        <Typography color="text.secondary">{REFERRAL_MESSAGES.empty}</Typography>
      )}
      {shownMarkets.map((market) => (
        <ReferralMarketSection
          key={market.key}
          market={market}
          isResign={isResign}
          isEditing={draft.isEditing}
          rowErrors={draft.rowErrors}
          onRenameMarket={(chosen) => setDialog({ kind: 'market', market: chosen })}
          onDeleteMarket={(chosen) => void askToDeleteMarket(chosen)}
          onAddReferral={(chosen) => setDialog({ kind: 'referral', market: chosen, referral: null })}
          onEditReferral={(chosen, referral) => setDialog({ kind: 'referral', market: chosen, referral })}
          onDeleteReferral={(chosen, referral) => void askToDeleteReferral(chosen, referral)}
        />
      ))}

      {dialog?.kind === 'market' && (
        <MarketNameDialog
          name={dialog.market?.name ?? null}
          onClose={() => setDialog(null)}
          onDone={(name) => {
            if (dialog.market) draft.renameMarket(dialog.market.key, name);
            else draft.addMarket(name);
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'referral' && (
        <ReferralDialog
          isResign={isResign}
          fields={dialog.referral?.fields ?? null}
          marketName={dialog.market.name}
          onClose={() => setDialog(null)}
          onDone={(fields) => {
            if (dialog.referral) draft.editReferral(dialog.market.key, dialog.referral.key, fields);
            else draft.addReferral(dialog.market.key, fields);
            setDialog(null);
          }}
        />
      )}
    </Stack>
  );
}
