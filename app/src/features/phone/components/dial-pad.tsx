const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** The twelve keys of a phone; `label` names the pad for screen readers. */
export function DialPad({ label, onKey }: { label: string; onKey: (key: string) => void }) {
  return (
    <div role="group" aria-label={label} className="grid max-w-60 grid-cols-3 gap-2">
      {keys.map((k) => (
        <button
          key={k}
          type="button"
          onClick={() => onKey(k)}
          className="rounded-xl border border-slate-200 bg-slate-50 py-3 text-lg font-semibold text-slate-900 hover:bg-slate-100 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        >
          {k}
        </button>
      ))}
    </div>
  );
}
