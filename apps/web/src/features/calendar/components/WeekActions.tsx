import type { WeekActionsState, WeekModalState } from '../use-week-actions';
import { ServiceDateDialog } from './ServiceDateDialog';
import { SkipDialog } from './SkipDialog';
import { WeekMenu } from './WeekMenu';

type WeekActionsProps = Pick<
  WeekActionsState,
  'menu' | 'modal' | 'chooseAction' | 'closeMenu' | 'closeModal' | 'saveFromModal'
>;

/** The menu of an active week and the Skip, Write in or Redo modal, as `useWeekActions` holds them. */
export function WeekActions({ menu, modal, chooseAction, closeMenu, closeModal, saveFromModal }: WeekActionsProps) {
  const modalProps = ({ isOpen, year, week }: WeekModalState) => ({
    isOpen,
    year,
    week,
    onClose: closeModal,
    onSave: saveFromModal,
  });
  return (
    <>
      {menu && (
        <WeekMenu
          isOpen={menu.isOpen}
          anchor={menu.anchor}
          week={menu.week}
          onClose={closeMenu}
          onChoose={chooseAction}
        />
      )}
      {modal &&
        (modal.kind === 'skip' ? (
          <SkipDialog key={modal.id} {...modalProps(modal)} />
        ) : (
          <ServiceDateDialog key={modal.id} type={modal.kind} {...modalProps(modal)} />
        ))}
    </>
  );
}
