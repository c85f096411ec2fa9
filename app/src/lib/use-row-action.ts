import { useState } from 'react';

/**
 * The action a list screen has open on one of its rows, if any: a row menu's choice
 * (`onAction`, as RowActionsProps take it), and `close` for the dialog it opened.
 */
export function useRowAction<A extends string, T>() {
  const [open, setOpen] = useState<{ action: A; row: T } | null>(null);
  return {
    open,
    onAction: (action: A, row: T) => setOpen({ action, row }),
    close: () => setOpen(null),
  };
}

/**
 * A list screen whose items are added, edited and deleted: whether the form to add one
 * is open, and which row's edit form or delete confirmation is.
 */
export function useItemEditor<T>() {
  const [creating, setCreating] = useState(false);
  const { open, onAction, close } = useRowAction<'edit' | 'delete', T>();
  return {
    open,
    close,
    edit: (row: T) => onAction('edit', row),
    remove: (row: T) => onAction('delete', row),
    creating,
    create: () => setCreating(true),
    stopCreating: () => setCreating(false),
  };
}

export type ItemEditor<T> = ReturnType<typeof useItemEditor<T>>;
