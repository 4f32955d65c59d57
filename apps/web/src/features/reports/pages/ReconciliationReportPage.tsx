import { SelectionReportView } from '../components/SelectionReportView';

/** Scheduled, done and billed per property and week, with the differences marked; as EXCEL or CSV. */
export function ReconciliationReportPage() {
  return <SelectionReportView type="reconciliation" label="Reconciliation report" formats={['xlsx', 'csv']} />;
}
