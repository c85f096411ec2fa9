import { MoreVertical, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface ActionsMenuItem {
  label: string;
  onSelect: () => void;
  icon?: LucideIcon;
  danger?: boolean;
}

interface ActionsMenuProps {
  /** The toggle's accessible name, e.g. "Actions for Ada Lovelace". */
  label: string;
  items: ActionsMenuItem[];
}

interface Position {
  top?: number;
  bottom?: number;
  right: number;
}

const ITEM_HEIGHT = 40;

/** Under the button, right-aligned with it; above it when there is no room below. */
function placeBelow(button: HTMLElement | null, count: number): Position | null {
  if (!button) return null;
  const rect = button.getBoundingClientRect();
  const right = Math.max(8, window.innerWidth - rect.right);
  const height = count * ITEM_HEIGHT + 8;
  return rect.bottom + height + 8 > window.innerHeight && rect.top > height
    ? { bottom: window.innerHeight - rect.top + 4, right }
    : { top: rect.bottom + 4, right };
}

/**
 * A row's actions: a button that toggles a menu. The menu is fixed to the viewport so
 * that a table's scroll container never clips it.
 */
export function ActionsMenu({ label, items }: ActionsMenuProps) {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const open = position !== null;

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setPosition(null);
      }
    };
    // The menu follows its button when the page or the table scrolls.
    const follow = () => setPosition(placeBelow(buttonRef.current, items.length));
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, items.length]);

  function toggle() {
    setPosition(open ? null : placeBelow(buttonRef.current, items.length));
  }

  function closeAndFocusButton() {
    setPosition(null);
    buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % entries.length,
      ArrowUp: (index - 1 + entries.length) % entries.length,
      Home: 0,
      End: entries.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      entries[moves[event.key]]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeAndFocusButton();
    } else if (event.key === 'Tab') {
      setPosition(null);
    }
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <MoreVertical className="h-5 w-5" aria-hidden="true" />
      </button>
      {position && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          style={position}
          className="fixed z-40 w-52 rounded-lg border border-slate-200 bg-white py-1 text-left shadow-lg"
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                // The trigger takes focus first so that a dialog opened next returns it there.
                closeAndFocusButton();
                item.onSelect();
              }}
              className={`flex w-full items-center gap-2 px-4 py-2 text-sm hover:bg-slate-50 focus:bg-slate-100 focus:outline-none ${
                item.danger ? 'text-red-700' : 'text-slate-700'
              }`}
            >
              {item.icon && <item.icon className="h-4 w-4" aria-hidden="true" />}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
