import type { CalendarWeek, ScheduleChangeRequest } from '@lawn/shared';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { useNotify, useNotifyError } from '../../components/notifier-context';
import { formatPlainDate } from '../../lib/dates';
import { usePendingChangeWeeks, useScheduleChangeMutation } from './api/calendar-api';
import { ServiceDateDialog } from './components/ServiceDateDialog';
import { SkipDialog } from './components/SkipDialog';
import { WeekMenu, type WeekAction } from './components/WeekMenu';
import type { ModalChange } from './schedule-change-form';

type OpenModal = { kind: ModalChange; year: number; week: CalendarWeek; isOpen: boolean; id: number };

/**
 * What clicking a week does (spec 1 section 2): an inactive week is created at once; an active one opens the menu
 * Remove / Skip / Write in / Redo, whose modals and confirmation this hook renders in `elements`.
 */
export function useWeekActions(customerId: number, year: number | undefined) {
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const change = useScheduleChangeMutation(customerId);
  const busyWeeks = usePendingChangeWeeks(customerId);
  const [menu, setMenu] = useState<{ week: CalendarWeek; anchor: HTMLElement; isOpen: boolean } | null>(null);
  const [modal, setModal] = useState<OpenModal | null>(null);
  const openings = useRef(0);

  const { mutate } = change;
  const apply = useCallback(
    (request: ScheduleChangeRequest) =>
      mutate(request, { onSuccess: ({ message }) => notify(message, 'success'), onError: notifyError }),
    [mutate, notify, notifyError],
  );

  // Stable, so the memoised week blocks do not re-render when a menu or modal opens.
  const selectWeek = useCallback(
    (week: CalendarWeek, anchor: HTMLElement) => {
      if (year === undefined) return;
      if (week.customer.active) setMenu({ week, anchor, isOpen: true });
      else apply({ status: 'created', year, week: week.week });
    },
    [year, apply],
  );

  const askToRemove = async (week: CalendarWeek, weekYear: number) => {
    const isConfirmed = await confirm({
      title: 'Remove service',
      message: `Remove the service of week ${week.week} (${formatPlainDate(week.start)} to ${formatPlainDate(week.end)})?`,
    });
    if (isConfirmed) apply({ status: 'removed', year: weekYear, week: week.week });
  };

  const choose = (action: WeekAction, week: CalendarWeek) => {
    if (year === undefined) return;
    if (action === 'removed') void askToRemove(week, year);
    else setModal({ kind: action, year, week, isOpen: true, id: ++openings.current });
  };

  const closeModal = () => setModal((current) => current && { ...current, isOpen: false });

  /** Rejects on a refusal so the modal keeps the person's input and shows the reason. */
  const saveFromModal = async (request: ScheduleChangeRequest) => {
    const answer = await change.mutateAsync(request);
    notify(answer.message, 'success');
    closeModal();
  };

  let modalElement: ReactNode = null;
  if (modal?.kind === 'skip') {
    modalElement = (
      <SkipDialog
        key={modal.id}
        isOpen={modal.isOpen}
        year={modal.year}
        week={modal.week}
        onClose={closeModal}
        onSave={saveFromModal}
      />
    );
  } else if (modal) {
    modalElement = (
      <ServiceDateDialog
        key={modal.id}
        type={modal.kind}
        isOpen={modal.isOpen}
        year={modal.year}
        week={modal.week}
        onClose={closeModal}
        onSave={saveFromModal}
      />
    );
  }

  const elements = (
    <>
      {menu && (
        <WeekMenu
          isOpen={menu.isOpen}
          anchor={menu.anchor}
          week={menu.week}
          // The menu keeps its week and anchor while it fades out.
          onClose={() => setMenu({ ...menu, isOpen: false })}
          onChoose={choose}
        />
      )}
      {modalElement}
    </>
  );

  return { selectWeek, busyWeeks, elements };
}
