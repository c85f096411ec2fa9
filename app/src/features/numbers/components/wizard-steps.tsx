import { Check } from 'lucide-react';

interface WizardStepsProps {
  titles: string[];
  /** 1-based, as core counts steps. */
  current: number;
}

/** Where the buyer is in the wizard: done steps ticked, the current one marked. */
export function WizardSteps({ titles, current }: WizardStepsProps) {
  return (
    <nav aria-label="Purchase progress">
      <ol className="grid grid-cols-4 gap-2">
        {titles.map((title, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          return (
            <li
              key={title}
              aria-current={active ? 'step' : undefined}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
            >
              <span
                className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                  done || active ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-600'
                }`}
              >
                {done ? <Check className="h-4 w-4" aria-hidden="true" /> : step}
              </span>
              <span
                className={`text-xs font-medium sm:text-sm ${active ? 'text-brand-700' : 'text-slate-600'}`}
              >
                <span className="sr-only">
                  Step {step}
                  {done ? ' (done)' : ''}:{' '}
                </span>
                {title}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
