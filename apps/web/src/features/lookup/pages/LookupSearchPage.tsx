import { APP_PATHS } from '@lawn/shared';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LookupWizard } from '../components/LookupWizard';
import { SavedSearchList } from '../components/SavedSearchList';

const TABS = ['Market information', 'Saved search lists'] as const;

/** /lookup-search: the lookup wizard and the saved searches, one tab each. */
export function LookupSearchPage() {
  const [tab, setTab] = useState(0);
  const navigate = useNavigate();
  const id = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 1000 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Lookup
      </Typography>
      <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Lookup" sx={{ mb: 2 }}>
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`${id}-tab-${index}`} aria-controls={`${id}-panel-${index}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 0 ? (
          <LookupWizard onOpen={(target) => void navigate(target.to, { state: target.state })} />
        ) : (
          <SavedSearchList
            onProcess={(search) => void navigate(APP_PATHS.customerList, { state: { filter: search.filter } })}
          />
        )}
      </div>
    </Paper>
  );
}
