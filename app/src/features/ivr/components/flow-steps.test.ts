import { describe, expect, it } from 'vitest';
import { validateIvrFlow, type IvrFlow } from '../../../lib/core-tools';
import { freeId, newStep, removeStep, renameStep, starterFlow } from './flow-steps';
import { treeOf } from './flow-tree';

describe('editing a flow', () => {
  it('starts from a flow core accepts once it has a name', () => {
    const flow = starterFlow();
    expect(validateIvrFlow(flow, 'basic').map((p) => p.message)).toEqual([
      'Enter a name for the flow',
    ]);
    expect(validateIvrFlow({ ...flow, name: 'Reception' }, 'basic')).toEqual([]);
  });

  it('renames a step with every branch and the first step following it', () => {
    const flow = renameStep({ ...starterFlow(), name: 'R' }, 'message', 'vm');
    expect(Object.keys(flow.steps).sort()).toEqual(['main', 'sales', 'vm']);
    const main = flow.steps.main;
    expect(main.type === 'menu' && main.options['2']).toBe('vm');
    expect(main.type === 'menu' && main.onTimeout).toBe('vm');
    expect(flow.steps.sales.type === 'forward' && flow.steps.sales.fallback).toBe('vm');
    expect(renameStep(flow, 'main', 'start').start).toBe('start');
    expect(validateIvrFlow(flow, 'basic')).toEqual([]);
    // An id another step has is refused: the flow stays as it was.
    expect(renameStep(flow, 'sales', 'vm')).toBe(flow);
  });

  it('leaves the branches to a removed step unchosen, for core to point at', () => {
    const flow = removeStep({ ...starterFlow(), name: 'R' }, 'sales');
    const main = flow.steps.main;
    expect(main.type === 'menu' && main.options['1']).toBe('');
    expect(validateIvrFlow(flow, 'basic')).toEqual([
      { step: 'main', message: "Step 'main': choose the step for key 1" },
    ]);
    expect(removeStep(flow, 'main').start).toBe('');
  });

  it('names new steps by their type, numbered when taken', () => {
    const flow = starterFlow();
    expect(freeId(flow, 'say')).toBe('say');
    const more: IvrFlow = { ...flow, steps: { ...flow.steps, menu: newStep('menu', 'UTC') } };
    expect(freeId(more, 'menu')).toBe('menu-2');
  });

  it('lays the flow out from the first step, a step met again as a reference', () => {
    const flow = starterFlow();
    flow.steps.orphan = newStep('hangup', 'UTC');
    const { root, unreached } = treeOf(flow);
    expect(root?.id).toBe('main');
    expect(root?.branches.map((b) => [b.label, b.target, b.child?.id])).toEqual([
      ['Key 1', 'sales', 'sales'],
      ['Key 2', 'message', undefined],
      ['No input', 'message', undefined],
    ]);
    // "message" is shown once, under the fallback of "sales" (met first, depth first).
    expect(root?.branches[0].child?.branches[0].child?.id).toBe('message');
    expect(unreached.map((n) => n.id)).toEqual(['orphan']);
  });
});
