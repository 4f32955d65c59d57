import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readListLocationState } from '../../features/customers/customer-list-search';
import { ReportsPage } from '../../features/reports/pages/ReportsPage';
import { ReportListTab } from './ReportListTab';

/** The tab of /report in its query string (`?tab=list`), so a link or a reload opens the same one. */
const REPORT_TAB_PARAM = 'tab';
const REPORT_TABS = { generated: 'Generated reports', list: 'Report list' } as const;
type ReportTab = keyof typeof REPORT_TABS;

/**
 * /report: 'Generated reports' (the files exports wrote; where 'Go to report' lands, so it is the default) and 'Report
 * list' (a lookup's results as a report). A lookup that sends its filter here opens the report list.
 */
export function ReportPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = params.get(REPORT_TAB_PARAM);
  const hasLookupFilter = readListLocationState(location.state).filter !== undefined;
  const tab: ReportTab = asked === 'list' || asked === 'generated' ? asked : hasLookupFilter ? 'list' : 'generated';

  const choose = (next: ReportTab) =>
    // A new tab starts at its first page; the lookup's filter (route state) stays with the page.
    void navigate(`?${new URLSearchParams({ [REPORT_TAB_PARAM]: next }).toString()}`, {
      state: location.state as unknown,
      replace: true,
    });

  return (
    <Box>
      <Tabs value={tab} onChange={(_event, value: ReportTab) => choose(value)} aria-label="Reports" sx={{ mb: 2 }}>
        {(Object.keys(REPORT_TABS) as ReportTab[]).map((value) => (
          <Tab
            key={value}
            value={value}
            label={REPORT_TABS[value]}
            id={`report-tab-${value}`}
            aria-controls={`report-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`report-panel-${tab}`} aria-labelledby={`report-tab-${tab}`}>
        {tab === 'generated' ? <ReportsPage /> : <ReportListTab />}
      </Box>
    </Box>
  );
}
