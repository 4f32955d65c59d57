import type { CalendarWeek, ScheduleChangeRequest } from '@lawn/shared';
import { useCallback, useRef, useState } from 'react';
import { useConfirm } from '../../components/confirm-context';
import { useNotify } from '../../components/notifier-context';
import { formatPlainDate } from '../../lib/dates';
import { FORM_SHOWS_ERRORS } from '../../lib/mutation-errors';
import { usePendingChangeWeeks, useScheduleChangeMutation } from './api/calendar-api';
import { isPastWeek } from './calendar-week';
import type { WeekAction } from './components/WeekMenu';
import { businessToday, type ModalChange } from './schedule-change-form';

/** The menu of an active week; it keeps its week and anchor while it fades out. */
export type WeekMenuState = { week: CalendarWeek; anchor: HTMLElement; isOpen: boolean };

/** The Skip, Write in or Redo modal; `id` mounts it anew for every opening, so it starts empty. */
export type WeekModalState = { kind: ModalChange; year: number; week: CalendarWeek; isOpen: boolean; id: number };

/** The question before a service is added to a week that has already passed. */
function pastWeekQuestion(week: CalendarWeek) {
  return {
    title: 'Add a service to a past week',
    message: `Week ${week.week} (${formatPlainDate(week.start)} to ${formatPlainDate(week.end)}) has already passed. Add a service to it anyway?`,
    confirmText: 'Add service',
    closeText: 'Cancel',
  };
}

/**
 * What clicking a week does: an inactive week gets its service at once, unless the week has already passed: then the
 * person is asked first, so a stray click on a week that is over adds nothing without their word. An active week
 * opens the menu Remove / Skip / Write in / Redo, where Remove asks for confirmation and the others open their modal
 *. The hook holds the state and the callbacks; `WeekActions` renders the menu and the modals from them.
 */
export function useWeekActions(customerId: number, year: number | undefined) {
  const confirm = useConfirm();
  const notify = useNotify();
  const change = useScheduleChangeMutation(customerId);
  // The modals show a refusal inside themselves, so their saves do not reach the shared handler.
  const modalChange = useScheduleChangeMutation(customerId, { meta: FORM_SHOWS_ERRORS });
  const busyWeeks = usePendingChangeWeeks(customerId);
  const [menu, setMenu] = useState<WeekMenuState | null>(null);
  const [modal, setModal] = useState<WeekModalState | null>(null);
  const openings = useRef(0);

  const { mutate } = change;
  const apply = useCallback(
    (request: ScheduleChangeRequest) => mutate(request, { onSuccess: ({ message }) => notify(message, 'success') }),
    [mutate, notify],
  );

  const createService = useCallback(
    async (week: CalendarWeek, weekYear: number) => {
      if (isPastWeek(week, businessToday()) && !(await confirm(pastWeekQuestion(week)))) return;
      apply({ status: 'created', year: weekYear, week: week.week });
    },
    [confirm, apply],
  );

  // Stable, so the memoised week blocks do not re-render when a menu or modal opens.
  const selectWeek = useCallback(
    (week: CalendarWeek, anchor: HTMLElement) => {
      if (year === undefined) return;
      if (week.customer.active) setMenu({ week, anchor, isOpen: true });
      else void createService(week, year);
    },
    [year, createService],
  );

  const askToRemove = async (week: CalendarWeek, weekYear: number) => {
    const isConfirmed = await confirm({
      title: 'Remove service',
      message: `Remove the service of week ${week.week} (${formatPlainDate(week.start)} to ${formatPlainDate(week.end)})?`,
    });
    if (isConfirmed) apply({ status: 'removed', year: weekYear, week: week.week });
  };

  const chooseAction = (action: WeekAction, week: CalendarWeek) => {
    if (year === undefined) return;
    if (action === 'removed') void askToRemove(week, year);
    else setModal({ kind: action, year, week, isOpen: true, id: ++openings.current });
  };

  const closeMenu = () => setMenu((current) => current && { ...current, isOpen: false });
  const closeModal = () => setModal((current) => current && { ...current, isOpen: false });

  /** Rejects on a refusal so the modal keeps the person's input and shows the reason. */
  const saveFromModal = async (request: ScheduleChangeRequest) => {
    const answer = await modalChange.mutateAsync(request);
    notify(answer.message, 'success');
    closeModal();
  };

  return { selectWeek, busyWeeks, menu, modal, chooseAction, closeMenu, closeModal, saveFromModal };
}

export type WeekActionsState = ReturnType<typeof useWeekActions>;
