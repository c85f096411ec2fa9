import { useState } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { TextField } from '../../../components/ui/forms/text-field';
import type { IvrProblem, IvrStep } from '../../../lib/core';
import { stepTypeLabel } from './flow-steps';
import { HoursFields } from './hours-fields';
import { MenuFields } from './menu-fields';
import { ForwardFields, SayFields, VoicemailFields } from './simple-fields';

interface StepFormProps {
  id: string;
  step: IvrStep;
  ids: string[];
  isStart: boolean;
  problems: IvrProblem[];
  onChange: (step: IvrStep) => void;
  /** Renames the step; false when another step has that id. */
  onRename: (to: string) => boolean;
  onMakeStart: () => void;
  onRemove: () => void;
}

/** The selected step's fields, its problems on top, as the tree shows them too. */
export function StepForm(props: StepFormProps) {
  const { id, step, ids, isStart, problems, onChange, onMakeStart, onRemove } = props;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900">
          {stepTypeLabel(step.type)} step <span className="font-mono">{id}</span>
        </h3>
        {isStart ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
            First step
          </span>
        ) : (
          <Button variant="secondary" size="sm" onClick={onMakeStart}>
            Make first step
          </Button>
        )}
      </div>
      {problems.length > 0 && (
        <ul
          className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          aria-label={`Problems of step ${id}`}
        >
          {problems.map((p, i) => (
            <li key={i}>{p.message}</li>
          ))}
        </ul>
      )}
      {/* A fresh id box per step: the draft of one step's id never shows on another. */}
      <StepIdField key={id} id={id} onRename={props.onRename} />
      <StepFields step={step} ids={ids} onChange={onChange} />
      <div className="border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onRemove}>
          Remove step {id}
        </Button>
      </div>
    </div>
  );
}

function StepFields({
  step,
  ids,
  onChange,
}: {
  step: IvrStep;
  ids: string[];
  onChange: (step: IvrStep) => void;
}) {
  switch (step.type) {
    case 'say':
      return <SayFields step={step} ids={ids} onChange={onChange} />;
    case 'menu':
      return <MenuFields step={step} ids={ids} onChange={onChange} />;
    case 'hours':
      return <HoursFields step={step} ids={ids} onChange={onChange} />;
    case 'forward':
      return <ForwardFields step={step} ids={ids} onChange={onChange} />;
    case 'voicemail':
      return <VoicemailFields step={step} ids={ids} onChange={onChange} />;
    case 'hangup':
      return <p className="text-sm text-slate-600">The call ends here.</p>;
  }
}

/** The step's id, applied when the box is left: every branch to it follows the rename. */
function StepIdField({ id, onRename }: { id: string; onRename: (to: string) => boolean }) {
  const [draft, setDraft] = useState(id);
  const [taken, setTaken] = useState(false);
  function apply() {
    const to = draft.trim();
    if (to === id) return;
    if (!onRename(to)) setTaken(true);
  }
  return (
    <TextField
      label="Step id"
      value={draft}
      spellCheck={false}
      autoComplete="off"
      hint="Branches name steps by their id; renaming updates them."
      error={taken ? 'Another step already has this id' : undefined}
      onChange={(event) => {
        setDraft(event.target.value);
        setTaken(false);
      }}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        }
      }}
    />
  );
}
