import type { IvrFlow, IvrProblem, IvrStep } from '../../../lib/core';
import { linksOf, stepTypeLabel, type StepLink } from './flow-steps';

interface TreeNode {
  id: string;
  step: IvrStep;
  branches: Array<StepLink & { child?: TreeNode }>;
}

/**
 * The flow as a tree from its first step: each step's branches below it, a step met a
 * second time (a menu's loop, two keys to one step) shown as a link back to where it
 * first appears; then the steps no branch reaches.
 */
export function treeOf(flow: IvrFlow): { root: TreeNode | null; unreached: TreeNode[] } {
  const seen = new Set<string>();
  const visit = (id: string): TreeNode | undefined => {
    const step = flow.steps[id];
    if (!step || seen.has(id)) return undefined;
    seen.add(id);
    const node: TreeNode = { id, step, branches: [] };
    node.branches = linksOf(step).map((link) => ({ ...link, child: visit(link.target) }));
    return node;
  };
  const root = visit(flow.start) ?? null;
  const unreached = Object.keys(flow.steps)
    .filter((id) => !seen.has(id))
    .map((id) => visit(id))
    .filter((n): n is TreeNode => n !== undefined);
  return { root, unreached };
}

function summary(step: IvrStep): string {
  switch (step.type) {
    case 'say':
      return step.text;
    case 'menu':
      return step.prompt;
    case 'hours':
      return step.timeZone;
    case 'forward':
      return step.to === 'devices' ? 'to my SIP devices' : `to ${step.to}`;
    case 'voicemail':
      return `records up to ${step.maxSeconds} s`;
    case 'hangup':
      return 'ends the call';
    // Made by TwiML only; a flow from the editor has none.
    case 'play':
      return `plays ${step.url}`;
    case 'pause':
      return `waits ${step.seconds} s`;
    case 'gather':
      return 'gathers keys';
    case 'record':
      return `records up to ${step.maxSeconds} s`;
    case 'redirect':
      return `asks ${step.url}`;
    case 'reject':
      return 'refuses the call';
  }
}

interface FlowTreeProps {
  flow: IvrFlow;
  problems: IvrProblem[];
  selected: string | null;
  onSelect: (id: string) => void;
  /** The step the test call is at. */
  active?: string | null;
}

/** The flow as a readable tree; a step's problems show under it, and a click edits it. */
export function FlowTree(tree: FlowTreeProps) {
  const { root, unreached } = treeOf(tree.flow);
  const node = (n: TreeNode) => <StepNode key={n.id} node={n} tree={tree} />;
  return (
    <div className="space-y-4">
      {root ? (
        <ul aria-label="Steps from the first">{node(root)}</ul>
      ) : (
        <p className="text-sm text-slate-600">Choose the first step to see the call's way.</p>
      )}
      {unreached.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-700">Not reached by any branch</h3>
          <ul aria-label="Steps not reached" className="space-y-2">
            {unreached.map(node)}
          </ul>
        </div>
      )}
    </div>
  );
}

interface StepNodeProps {
  node: TreeNode;
  /** The tree's own props, which every step's node reads. */
  tree: FlowTreeProps;
}

function StepNode({ node, tree }: StepNodeProps) {
  const { flow, problems, selected, onSelect, active } = tree;
  const own = problems.filter((p) => p.step === node.id);
  const isActive = active === node.id;
  const tone = isActive
    ? 'border-green-500 bg-green-50 ring-2 ring-green-300'
    : selected === node.id
      ? 'border-brand-500 bg-brand-50'
      : own.length > 0
        ? 'border-red-300 bg-white'
        : 'border-slate-200 bg-white';
  return (
    <li className="space-y-2" data-step={node.id}>
      <button
        type="button"
        onClick={() => onSelect(node.id)}
        aria-current={selected === node.id ? 'true' : undefined}
        className={`block w-full rounded-lg border px-3 py-2 text-left text-sm hover:border-brand-400 ${tone}`}
      >
        <span className="font-mono font-semibold text-slate-900">{node.id}</span>
        <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
          {stepTypeLabel(node.step.type)}
        </span>
        {isActive && <span className="ml-2 text-xs font-semibold text-green-800">on the call</span>}
        <span className="mt-0.5 block truncate text-slate-600">{summary(node.step)}</span>
      </button>
      {own.length > 0 && (
        <ul className="space-y-0.5 pl-3 text-sm text-red-700" aria-label={`Problems of ${node.id}`}>
          {own.map((p, i) => (
            <li key={i}>{p.message}</li>
          ))}
        </ul>
      )}
      {node.branches.length > 0 && (
        <ul className="space-y-2 border-l-2 border-slate-200 pl-4">
          {node.branches.map((b) => (
            <li key={b.label} className="space-y-1">
              <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {b.label} →
              </span>
              {b.child ? (
                <ul>
                  <StepNode node={b.child} tree={tree} />
                </ul>
              ) : (
                <BranchTarget target={b.target} flow={flow} onSelect={onSelect} />
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A branch to a step shown elsewhere in the tree, or to none. */
function BranchTarget({
  target,
  flow,
  onSelect,
}: {
  target: string;
  flow: IvrFlow;
  onSelect: (id: string) => void;
}) {
  if (target === '') return <span className="ml-2 text-sm text-red-700">no step chosen</span>;
  if (!flow.steps[target]) {
    return <span className="ml-2 text-sm text-red-700">'{target}' does not exist</span>;
  }
  return (
    <button
      type="button"
      className="ml-2 font-mono text-sm text-brand-700 hover:underline"
      onClick={() => onSelect(target)}
    >
      goes to {target}, shown above
    </button>
  );
}
