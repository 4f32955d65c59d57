import { REPORT_MESSAGES, type CustomerExportInput, type ReportFormat } from '@lawn/shared';
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

const FORMAT_LABELS: Record<ReportFormat, string> = { xlsx: 'EXCEL', csv: 'CSV', pdf: 'PDF' };

const isKeptChoice = (format: ReportFormat): format is ExportFormat => format === 'xlsx' || format === 'csv';

type Step = 'closed' | 'nothing-selected' | 'name' | 'requested';

/**
 * Export menu (the list's formats: EXCEL and CSV, or PDF), then the report's (document's) name, then the report runs
 * in the background. With nothing selected it says 'Select at least one customer' instead. Formats this search may
 * not be exported to are shown disabled.
 */
export function CustomerExport({
  selectedIds,
  isAllSelected,
  total,
  columns,
  query,
  formats,
  disabledFormats,
  format,
  onFormatChange,
}: CustomerExportSelection) {
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [step, setStep] = useState<Step>('closed');
  const [chosenFormat, setChosenFormat] = useState<ReportFormat>(format);
  const createReport = useCustomerExportMutation();

  const choose = (chosen: ReportFormat) => {
    setMenuAnchor(null);
    setChosenFormat(chosen);
    if (isKeptChoice(chosen)) onFormatChange(chosen);
    setStep(isAllSelected || selectedIds.length > 0 ? 'name' : 'nothing-selected');
  };

  const save = async (nameDoc: string) => {
    const target: Pick<CustomerExportInput, 'ids' | 'clients' | 'query'> = isAllSelected
      ? { clients: 'all', query }
      : { ids: selectedIds };
    await createReport.mutateAsync({ nameDoc, typeDoc: chosenFormat, select: columns, ...target });
    setStep('requested');
  };

  const summary = `${FORMAT_LABELS[chosenFormat]} file of ${
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
        {formats.map((option) => (
          <MenuItem key={option} disabled={disabledFormats.includes(option)} onClick={() => choose(option)}>
            {FORMAT_LABELS[option]}
          </MenuItem>
        ))}
      </Menu>
      <MessageDialog
        isOpen={step === 'nothing-selected'}
        title="Alert"
        message={REPORT_MESSAGES.selectCustomer}
        onClose={() => setStep('closed')}
      />
      <ReportNameDialog
        isOpen={step === 'name'}
        summary={summary}
        nameLabel={chosenFormat === 'pdf' ? 'Document name' : 'Report name'}
        onCancel={() => setStep('closed')}
        onSave={save}
      />
      <ReportRequestedDialog isOpen={step === 'requested'} onClose={() => setStep('closed')} />
    </>
  );
}
