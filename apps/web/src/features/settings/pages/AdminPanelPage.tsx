import type { EditableMarket, SettingsPatch } from '@lawn/shared';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useSaveMarketMutation, useSaveSettingsMutation, useSettingsQuery } from '../api/settings-api';
import { BillingForm } from '../components/BillingForm';
import { EditMarketDialog } from '../components/EditMarketDialog';
import { MarketsTable } from '../components/MarketsTable';
import { PublicPagesForm } from '../components/PublicPagesForm';
import { SeasonForm } from '../components/SeasonForm';
import { SettingsSection } from '../components/SettingsSection';

/**
 * The business's own settings in one place (Admin only): the markets, the saved mow year, billing and the public
 * pages' office phone and hours. Each section saves on its own and shows who changed it last.
 */
export function AdminPanelPage() {
  const settings = useSettingsQuery();
  const saveSettings = useSaveSettingsMutation();
  const saveMarket = useSaveMarketMutation();
  const [editedMarket, setEditedMarket] = useState<EditableMarket | null>(null);

  if (settings.isError) {
    return <LoadErrorAlert subject="The settings" error={settings.error} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <CircularProgress aria-label="Loading the settings" />;
  const { values, version, markets, lastChanges } = settings.data;
  const save = (patch: Omit<SettingsPatch, 'version'>) => saveSettings.mutate({ ...patch, version });
  // A saved section's form starts again from the stored values (the version is part of each form's key).
  const formKey = (section: string) => `${section}-${version}`;

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <SettingsSection title="Markets" lastChange={lastChanges.markets}>
        <MarketsTable markets={markets} onEdit={setEditedMarket} />
      </SettingsSection>
      <SettingsSection title="Season" lastChange={lastChanges.season}>
        <SeasonForm key={formKey('season')} mowYear={values.mowYear} isPending={saveSettings.isPending} onSave={save} />
      </SettingsSection>
      <SettingsSection title="Billing" lastChange={lastChanges.billing}>
        <BillingForm key={formKey('billing')} values={values} isPending={saveSettings.isPending} onSave={save} />
      </SettingsSection>
      <SettingsSection title="Public pages" lastChange={lastChanges.publicPages}>
        <PublicPagesForm key={formKey('public')} values={values} isPending={saveSettings.isPending} onSave={save} />
      </SettingsSection>
      {editedMarket && (
        <EditMarketDialog
          market={editedMarket}
          onClose={() => setEditedMarket(null)}
          onSave={async (update) => {
            await saveMarket.mutateAsync({ ...update, id: editedMarket.id });
            setEditedMarket(null);
          }}
        />
      )}
    </Stack>
  );
}
