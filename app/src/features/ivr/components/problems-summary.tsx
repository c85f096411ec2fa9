import type { IvrProblem } from '../../../lib/core';

interface ProblemsSummaryProps {
  problems: IvrProblem[];
  /** Shows the step a problem names. */
  onSelect: (step: string) => void;
}

/** Every problem of the flow, core's words, each step's a link to the step. */
export function ProblemsSummary({ problems, onSelect }: ProblemsSummaryProps) {
  if (problems.length === 0) {
    return (
      <p
        className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800"
        data-testid="flow-problems"
      >
        No problems: the flow is ready to save.
      </p>
    );
  }
  return (
    <section
      aria-labelledby="flow-problems-heading"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      data-testid="flow-problems"
    >
      <h2 id="flow-problems-heading" className="font-semibold">
        {problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix before saving
      </h2>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {problems.map((p, i) => (
          <li key={i}>
            {p.step !== null ? (
              <button
                type="button"
                className="text-left underline-offset-2 hover:underline"
                onClick={() => onSelect(p.step as string)}
              >
                {p.message}
              </button>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
