import { REPORT_MESSAGES, type CustomerExportInput } from '@lawn/shared';
import { ArrowDropDownIcon as ArrowDropDown, FileDownloadIcon as FileDownload } from '../../../components/icons';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { MessageDialog } from '../../../components/MessageDialog';
import type { ExportFormat } from '../../../lib/app-store';
import type { CustomerExportSelection } from '../../../lib/customer-export';
import { formatCount, plural } from '../../../lib/format';
import { useCustomerExportMutation } from '../api/reports-api';
import { ReportNameDialog } from './ReportNameDialog';
import { ReportRequestedDialog } from './ReportRequestedDialog';

const FORMAT_LABELS: Record<ExportFormat, string> = { xlsx: 'EXCEL', csv: 'CSV' };

type Step = 'closed' | 'nothing-selected' | 'name' | 'requested';

/**
 * Export menu (EXCEL, CSV), then the report's name, then the report runs in the background. With nothing selected it
 * says 'Select at least one customer' instead.
 */
export function CustomerExport({
  selectedIds,
  isAllSelected,
  total,
  columns,
  query,
  format,
  onFormatChange,
}: CustomerExportSelection) {
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [step, setStep] = useState<Step>('closed');
  const createReport = useCustomerExportMutation();

  const choose = (chosen: ExportFormat) => {
    setMenuAnchor(null);
    onFormatChange(chosen);
    setStep(isAllSelected || selectedIds.length > 0 ? 'name' : 'nothing-selected');
  };

  const save = async (nameDoc: string) => {
    const target: Pick<CustomerExportInput, 'ids' | 'clients' | 'query'> = isAllSelected
      ? { clients: 'all', query }
      : { ids: selectedIds };
    await createReport.mutateAsync({ nameDoc, typeDoc: format, select: columns, ...target });
    setStep('requested');
  };

  const summary = `${FORMAT_LABELS[format]} file of ${
    isAllSelected
      ? `all ${formatCount(total)} customers matching this search`
      : plural(selectedIds.length, 'selected customer')
  }.`;

  return (
    <>
      <Button
        variant="outlined"
        color="secondary"
        startIcon={<FileDownload />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? true : undefined}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={() => choose('xlsx')}>{FORMAT_LABELS.xlsx}</MenuItem>
        <MenuItem onClick={() => choose('csv')}>{FORMAT_LABELS.csv}</MenuItem>
      </Menu>
      <MessageDialog
        isOpen={step === 'nothing-selected'}
        title="Alert"
        message={REPORT_MESSAGES.selectCustomer}
        onClose={() => setStep('closed')}
      />
      <ReportNameDialog isOpen={step === 'name'} summary={summary} onCancel={() => setStep('closed')} onSave={save} />
      <ReportRequestedDialog isOpen={step === 'requested'} onClose={() => setStep('closed')} />
    </>
  );
}
