import { NOTE_TYPE } from '@lawn/shared';
import { CompletedServicesPanel } from '../../features/completed-services/components/CompletedServicesPanel';
import { CustomerSchedule } from '../../features/calendar/components/CustomerSchedule';
import { ScheduleYearProvider } from '../../features/calendar/components/ScheduleYearProvider';
import { ServiceNotesTab } from '../../features/calendar/components/ServiceNotesTab';
import { CustomerHistoryPanel } from '../../features/customers/components/CustomerHistoryPanel';
import { CustomerRecord } from '../../features/customers/components/CustomerRecord';
import { OtherLocationsTab } from '../../features/customers/components/OtherLocationsTab';
import { LOWER_TAB, UPPER_TAB, type RecordTab } from '../../features/customers/components/RecordTabs';
import { ServiceInformationTab } from '../../features/customers/components/ServiceInformationTab';
import { SpanishTab } from '../../features/customers/components/SpanishTab';
import { NoteDialog } from '../../features/notes/components/NoteDialog';
import { NotesPanel } from '../../features/notes/components/NotesPanel';
import { RejectedNoteNotice } from '../../features/notes/components/RejectedNoteNotice';
import { MarketingSection } from './MarketingSection';
import { SpecialRequestPopup } from '../../features/notes/components/SpecialRequestPopup';
import { BillingInfoSection } from './BillingInfoSection';
import { BushBedSection } from './BushBedSection';
import { PropertyInformationSection } from './PropertyInformationSection';

const PRIVATE_NOTE_TYPES = [NOTE_TYPE.private, NOTE_TYPE.rejected] as const;

/** The upper tabs built so far; a tab not built yet is absent, not an empty shell. */
const UPPER_TABS: readonly RecordTab[] = [
  {
    key: UPPER_TAB.callNotes,
    label: 'Call Notes',
    render: (customer) => (
      <NotesPanel
        customerId={customer.id}
        typeId={NOTE_TYPE.call}
        noteTitle="Call note"
        emptyText="No call notes yet"
      />
    ),
  },
  {
    key: UPPER_TAB.serviceInformation,
    label: 'Service Information',
    render: (customer) => <ServiceInformationTab customer={customer} />,
  },
  {
    key: UPPER_TAB.otherLocations,
    label: 'Other locations',
    render: (customer) => <OtherLocationsTab customerId={customer.id} />,
  },
  {
    key: UPPER_TAB.propertyInformation,
    label: 'Property information',
    render: (customer) => <PropertyInformationSection customer={customer} />,
  },
  {
    key: UPPER_TAB.billingInfo,
    label: 'Billing info',
    render: (customer) => <BillingInfoSection customer={customer} />,
  },
  {
    key: UPPER_TAB.specialRequest,
    label: 'Special request',
    render: (customer) => (
      <NotesPanel
        customerId={customer.id}
        typeId={NOTE_TYPE.specialRequest}
        noteTitle="Special request"
        emptyText="No special requests yet"
      />
    ),
  },
];

/** The lower tabs built so far. */
const LOWER_TABS: readonly RecordTab[] = [
  {
    key: LOWER_TAB.privateNote,
    label: 'Private note',
    // Private notes and rejected notes (with the reasons the order was rejected) are for staff eyes only.
    render: (customer) => (
      <NotesPanel
        customerId={customer.id}
        typeId={NOTE_TYPE.private}
        listTypes={PRIVATE_NOTE_TYPES}
        noteTitle="Private note"
        emptyText="No private notes yet"
      />
    ),
  },
  {
    key: LOWER_TAB.serviceNotes,
    label: 'Service Notes',
    render: (customer) => <ServiceNotesTab customerId={customer.id} />,
  },
  {
    key: LOWER_TAB.completedServices,
    label: 'Completed services',
    render: (customer) => <CompletedServicesPanel source={{ audience: 'office', customerId: customer.id }} />,
  },
  {
    key: LOWER_TAB.billingNotes,
    label: 'Billing notes',
    render: (customer) => (
      <NotesPanel
        customerId={customer.id}
        typeId={NOTE_TYPE.billing}
        noteTitle="Billing note"
        emptyText="No billing notes yet"
      />
    ),
  },
  {
    key: LOWER_TAB.history,
    label: 'History',
    render: (customer) => <CustomerHistoryPanel customerId={customer.id} />,
  },
  {
    key: LOWER_TAB.bushAndBed,
    label: 'B&B',
    render: (customer) => <BushBedSection customer={customer} />,
  },
  {
    key: LOWER_TAB.spanish,
    label: 'Spanish',
    render: (customer) => <SpanishTab customer={customer} />,
  },
  {
    key: LOWER_TAB.marketing,
    label: 'Marketing',
    render: (customer) => <MarketingSection customer={customer} />,
  },
];

/**
 * The customer record (`/edit-customer`): its navigator and actions, the header card, the upper tabs, then the
 * schedule calendar, then the lower tabs. Reject asks for a rejected note in the notes
 * feature's dialog, and a rejected order shows its newest rejected note.
 */
export function EditCustomerPage() {
  return (
    // The Service Notes tab lists the year the calendar shows.
    <ScheduleYearProvider>
      <CustomerRecord
        upperTabs={UPPER_TABS}
        lowerTabs={LOWER_TABS}
        renderRejectDialog={({ onClose, onReject }) => (
          <NoteDialog
            isOpen
            title="Rejected note"
            typeId={NOTE_TYPE.rejected}
            note={null}
            onClose={onClose}
            onSave={onReject}
            submitLabel="Reject"
          />
        )}
        renderRejectedNote={(customer) => <RejectedNoteNotice customerId={customer.id} />}
        // Keyed: another record starts on the server's default year, never on the previous record's, and shows its
        // own special requests once.
        renderSections={(customer) => (
          <>
            <CustomerSchedule key={customer.id} customer={customer} />
            <SpecialRequestPopup key={`popup-${customer.id}`} customerId={customer.id} />
          </>
        )}
      />
    </ScheduleYearProvider>
  );
}
