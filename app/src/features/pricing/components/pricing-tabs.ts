import { useRef, type KeyboardEvent } from 'react';

export type PricingTab = 'numbers' | 'calls' | 'packages';

export const pricingTabs: { id: PricingTab; label: string }[] = [
  { id: 'numbers', label: 'Phone Numbers' },
  { id: 'calls', label: 'Call Rates' },
  { id: 'packages', label: 'Minutes Packages' },
];

export const tabId = (tab: PricingTab) => `pricing-tab-${tab}`;
export const panelId = (tab: PricingTab) => `pricing-panel-${tab}`;

interface PricingTabsProps {
  active: PricingTab;
  onChange: (tab: PricingTab) => void;
}

export function PricingTabs({ active, onChange }: PricingTabsProps) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = pricingTabs.findIndex((tab) => tab.id === active);
    const last = pricingTabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    const tab = pricingTabs[next[event.key]].id;
    onChange(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Pricing"
      onKeyDown={onKeyDown}
      className="flex flex-wrap justify-center gap-2 rounded-xl bg-slate-100 p-1"
    >
      {pricingTabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
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
