import type { CustomerDetail } from '@lawn/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, type ReactNode } from 'react';

/**
 * The upper tabs by their index in `key`: Call Notes, Service Information, Other locations, Property
 * information, Billing info, Special request.
 */
export const UPPER_TAB = {
  callNotes: 0,
  serviceInformation: 1,
  otherLocations: 2,
  propertyInformation: 3,
  billingInfo: 4,
  specialRequest: 5,
} as const;

/**
 * The lower tabs by their index in `tap`: Private note, Service Notes, Completed services, Billing notes, History,
 * B&B, Spanish, Marketing.
 */
export const LOWER_TAB = {
  privateNote: 0,
  serviceNotes: 1,
  completedServices: 2,
  billingNotes: 3,
  history: 4,
  bushAndBed: 5,
  spanish: 6,
  marketing: 7,
} as const;

/** One tab of the record: its index in the query (`key` or `tap`, as the spec numbers them), label and content. */
export type RecordTab = { key: number; label: string; render: (customer: CustomerDetail) => ReactNode };

type RecordTabsProps = {
  label: string;
  tabs: readonly RecordTab[];
  /** The index asked for; one that is not built (yet) shows the first tab. */
  value: number;
  onChange: (key: number) => void;
  customer: CustomerDetail;
};

/** A row of the record's tabs and the chosen tab's content. Tabs keep the spec's indexes, whichever are built. */
export function RecordTabs({ label, tabs, value, onChange, customer }: RecordTabsProps) {
  const id = useId();
  const current = tabs.find((tab) => tab.key === value) ?? tabs[0];
  if (!current) return null;
  return (
    <Card variant="outlined">
      <Tabs
        value={current.key}
        onChange={(_event, key: number) => onChange(key)}
        aria-label={label}
        variant="scrollable"
        allowScrollButtonsMobile
        textColor="secondary"
        indicatorColor="secondary"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            id={`${id}-tab-${tab.key}`}
            aria-controls={`${id}-panel-${tab.key}`}
          />
        ))}
      </Tabs>
      <Box
        // Another tab or another record starts afresh (its page, its selection), never with the last one's.
        key={`${customer.id}-${current.key}`}
        role="tabpanel"
        id={`${id}-panel-${current.key}`}
        aria-labelledby={`${id}-tab-${current.key}`}
        sx={{ p: 2 }}
      >
        {current.render(customer)}
      </Box>
    </Card>
  );
}
