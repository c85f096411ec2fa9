import type { ComponentType } from 'react';
import type { ItemEditor } from '../../../lib/use-row-action';
import { ActionConfirmDialog, type ActionConfirm } from './action-confirm-dialog';

/** What an item's form dialog takes: the item to edit, or none to add one. */
export interface ItemFormProps<T> {
  item?: T;
  onClose: () => void;
}

interface EditDialogsProps<T, R> {
  editor: ItemEditor<T>;
  /** The item's form dialog: empty to add one, filled in with `item` to edit it. */
  form: ComponentType<ItemFormProps<T>>;
  /** The confirmation that deletes `row`. */
  confirmDelete: (row: T) => ActionConfirm<R>;
}

/** The dialogs of a list whose items are added, edited and deleted, as its editor has them open. */
export function EditDialogs<T, R>({ editor, form: Form, confirmDelete }: EditDialogsProps<T, R>) {
  const { creating, stopCreating, open, close } = editor;
  return (
    <>
      {creating && <Form onClose={stopCreating} />}
      {open?.action === 'edit' && <Form item={open.row} onClose={close} />}
      {open?.action === 'delete' && (
        <ActionConfirmDialog {...confirmDelete(open.row)} onClose={close} />
      )}
    </>
  );
}
