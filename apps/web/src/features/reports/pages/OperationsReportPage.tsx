import { SelectionReportView } from '../components/SelectionReportView';

/** The crews' route sheets: each in-service property on its service days of the selection, in route order; a PDF. */
export function OperationsReportPage() {
  return <SelectionReportView type="operations" label="Operations report" formats={['pdf']} />;
}
