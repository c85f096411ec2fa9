import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionsMenu } from './actions-menu';

function renderMenu() {
  const edit = vi.fn();
  const remove = vi.fn();
  render(
    <ActionsMenu
      label="Actions for Ada"
      items={[
        { label: 'Edit', onSelect: edit },
        { label: 'Remove', onSelect: remove, danger: true },
      ]}
    />,
  );
  return { edit, remove, toggle: screen.getByRole('button', { name: 'Actions for Ada' }) };
}

describe('ActionsMenu', () => {
  it('toggles open and closed with its button', async () => {
    const { toggle } = renderMenu();
    expect(toggle).toHaveAttribute('aria-haspopup', 'menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Actions for Ada' })).toBeVisible();
    await userEvent.click(toggle);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves with the arrow keys, closes on Escape and gives focus back', async () => {
    const { toggle } = renderMenu();
    await userEvent.click(toggle);
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('runs the chosen action and closes', async () => {
    const { toggle, remove } = renderMenu();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('closes on a click elsewhere', async () => {
    const { toggle } = renderMenu();
    await userEvent.click(toggle);
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
