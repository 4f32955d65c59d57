import type { WeekActionsState } from '../use-week-actions';
import { ServiceDateDialog } from './ServiceDateDialog';
import { SkipDialog } from './SkipDialog';
import { WeekMenu } from './WeekMenu';

type WeekActionsProps = Pick<
  WeekActionsState,
  'menu' | 'modal' | 'chooseAction' | 'closeMenu' | 'closeModal' | 'saveFromModal'
>;

/** The menu of an active week and the Skip, Write in or Redo modal, as `useWeekActions` holds them. */
export function WeekActions({ menu, modal, chooseAction, closeMenu, closeModal, saveFromModal }: WeekActionsProps) {
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
      {modal?.kind === 'skip' && (
        <SkipDialog
          key={modal.id}
          isOpen={modal.isOpen}
          year={modal.year}
          week={modal.week}
          onClose={closeModal}
          onSave={saveFromModal}
        />
      )}
      {modal && modal.kind !== 'skip' && (
        <ServiceDateDialog
          key={modal.id}
          type={modal.kind}
          isOpen={modal.isOpen}
          year={modal.year}
          week={modal.week}
          onClose={closeModal}
          onSave={saveFromModal}
        />
      )}
    </>
  );
}
