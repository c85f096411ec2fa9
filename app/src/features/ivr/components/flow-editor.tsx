import { useMemo, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import {
  ivrLevelLimits,
  validateIvrFlow,
  type IvrFlow,
  type IvrLevel,
  type IvrProblem,
} from '../../../lib/core-tools';
import {
  browserTimeZone,
  freeId,
  newStep,
  removeStep,
  renameStep,
  STEP_TYPES,
  type StepType,
} from './flow-steps';
import { FlowTree } from './flow-tree';
import { LinkSelect } from './link-select';
import type { PreviewCall } from './preview-call';
import { ProblemsSummary } from './problems-summary';
import { StepForm } from './step-form';
import { TestCallPanel } from './test-call-panel';
import { Section } from '../../../components/ui/layout/section';

/** What the server answered to a save it refused, for the flow it was given. */
export interface ServerProblems {
  flow: IvrFlow;
  problems: IvrProblem[];
}

interface FlowEditorProps {
  initial: IvrFlow;
  level: IvrLevel;
  saving: boolean;
  /** Problems the server found in the flow last sent; shown while it is unchanged. */
  serverProblems: ServerProblems | null;
  /** A failure that names no step, e.g. the server cannot be reached. */
  failure: ReactNode;
  onSave: (flow: IvrFlow) => void;
  /** The buttons beside Save, e.g. back to the list. */
  actions?: ReactNode;
}

const levelTitle = (level: IvrLevel) => level[0].toUpperCase() + level.slice(1);

function levelText(level: IvrLevel): string {
  const l = ivrLevelLimits(level);
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `${levelTitle(level)} IVR: up to ${n(l.steps, 'step', 'steps')}, ${n(l.menus, 'menu', 'menus')} and ${n(l.voicemailBoxes, 'voicemail box', 'voicemail boxes')}${l.businessHours ? ', with business hours' : '; business hours need Advanced or Premium'}.`;
}

/**
 * A flow being edited: its name and first step, its steps as a tree beside the selected
 * step's fields, core's problems on every change, and a test call through it.
 */
export function FlowEditor(props: FlowEditorProps) {
  const { level, saving, serverProblems, failure, onSave, actions } = props;
  const [flow, setFlow] = useState(props.initial);
  const [selected, setSelected] = useState<string | null>(props.initial.start || null);
  const [newType, setNewType] = useState<StepType>('say');
  const [call, setCall] = useState<PreviewCall | null>(null);
  const local = useMemo(() => validateIvrFlow(flow, level), [flow, level]);
  const problems =
    serverProblems && serverProblems.flow === flow && local.length === 0
      ? serverProblems.problems
      : local;
  const ids = Object.keys(flow.steps);
  const step = selected !== null ? flow.steps[selected] : undefined;
  const active =
    call && call.flow === flow && call.state.phase !== 'ended' ? call.state.step : null;

  function addStep() {
    const id = freeId(flow, newType);
    setFlow({
      ...flow,
      start: flow.start || id,
      steps: { ...flow.steps, [id]: newStep(newType, browserTimeZone()) },
    });
    setSelected(id);
  }

  return (
    <form
      noValidate
      aria-label="IVR flow"
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (local.length === 0) onSave(flow);
      }}
    >
      <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
        <TextField
          label="Flow name"
          value={flow.name}
          maxLength={80}
          onChange={(event) => setFlow({ ...flow, name: event.target.value })}
        />
        <LinkSelect
          label="First step"
          value={flow.start}
          ids={ids}
          onChange={(start) => setFlow({ ...flow, start: start ?? '' })}
        />
        <p className="text-sm text-slate-600 sm:col-span-2">{levelText(level)}</p>
      </section>
      <ProblemsSummary problems={problems} onSelect={setSelected} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {/* The tree and the test call side by side with the step being edited: the
            call highlights its step in the tree in view. */}
        <div className="min-w-0 space-y-6">
          <Section id="flow-steps-heading" title="Steps" className="min-w-0 space-y-4 p-4 sm:p-6">
            <FlowTree
              flow={flow}
              problems={problems}
              selected={selected}
              onSelect={setSelected}
              active={active}
            />
            <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-4">
              <SelectField
                label="New step"
                options={STEP_TYPES.map(([value, label]) => ({ value, label }))}
                value={newType}
                onChange={(event) => setNewType(event.target.value as StepType)}
              />
              <Button variant="secondary" onClick={addStep}>
                Add step
              </Button>
            </div>
          </Section>
          <Section id="test-call-heading" title="Test call" className="space-y-4 p-4 sm:p-6">
            <TestCallPanel flow={flow} valid={local.length === 0} call={call} onCall={setCall} />
          </Section>
        </div>
        <Section id="flow-step-heading" title="Edit step" className="min-w-0 space-y-4 p-4 sm:p-6">
          {step && selected !== null ? (
            <StepForm
              id={selected}
              step={step}
              ids={ids}
              isStart={flow.start === selected}
              problems={problems.filter((p) => p.step === selected)}
              onChange={(changed) =>
                setFlow({ ...flow, steps: { ...flow.steps, [selected]: changed } })
              }
              onRename={(to) => {
                if (to in flow.steps) return false;
                setFlow(renameStep(flow, selected, to));
                setSelected(to);
                return true;
              }}
              onMakeStart={() => setFlow({ ...flow, start: selected })}
              onRemove={() => {
                setFlow(removeStep(flow, selected));
                setSelected(null);
              }}
            />
          ) : (
            <p className="text-sm text-slate-600">Choose a step in the tree to edit it.</p>
          )}
        </Section>
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {actions}
        <Button type="submit" loading={saving} disabled={local.length > 0}>
          Save flow
        </Button>
      </div>
    </form>
  );
}
