import { SelectionReportView } from '../components/SelectionReportView';

/** The bush-and-bed services of the selection; a PDF. */
export function BushBedReportPage() {
  return <SelectionReportView type="bush-bed" label="Bush-bed report" formats={['pdf']} />;
}
