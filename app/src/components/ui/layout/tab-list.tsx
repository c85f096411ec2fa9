import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const tabId = (prefix: string, tab: string) => `${prefix}-tab-${tab}`;
const panelId = (prefix: string, tab: string) => `${prefix}-panel-${tab}`;

type Tabs<T extends string> = readonly { id: T; label: string }[];

/**
 * The selected tab of a TabList and its TabPanel, and the props that tie them together
 * (`idPrefix` names their ids).
 */
export function useTabs<T extends string>(idPrefix: string, tabs: Tabs<T>, initial: T) {
  const [active, setActive] = useState<T>(initial);
  return {
    active,
    list: { idPrefix, tabs, active, onChange: setActive },
    panel: { idPrefix, tab: active },
  };
}

interface TabListProps<T extends string> {
  /** The tablist's accessible name. */
  label: string;
  tabs: Tabs<T>;
  active: T;
  onChange: (tab: T) => void;
  /** Names the ids that tie each tab to its TabPanel. */
  idPrefix: string;
  /** The row's layout: wrapping, gap and alignment. */
  className: string;
}

/** Tabs as WAI-ARIA describes them: arrows, Home and End move between them (roving tabindex). */
export function TabList<T extends string>({
  label,
  tabs,
  active,
  onChange,
  idPrefix,
  className,
}: TabListProps<T>) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === active);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    const tab = tabs[next[event.key]].id;
    onChange(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`rounded-xl bg-slate-100 p-1 ${className}`}
    >
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            id={tabId(idPrefix, tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${
              selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

interface TabPanelProps {
  /** The TabList's `idPrefix`. */
  idPrefix: string;
  /** The tab whose content this is. */
  tab: string;
  className?: string;
  children: ReactNode;
}

/** The content of the selected tab, named by its tab. */
export function TabPanel({ idPrefix, tab, className, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, tab)}
      aria-labelledby={tabId(idPrefix, tab)}
      className={className}
    >
      {children}
    </div>
  );
}
