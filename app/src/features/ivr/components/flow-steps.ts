// Editing a flow in the browser: the step types the editor offers, a fresh step of each,
// the links a step has (for the tree), and renaming or removing a step together with the
// links that point at it. What makes a flow valid is core's (validateIvrFlow), not this.
import type { IvrFlow, IvrHours, IvrStep } from '../../../lib/core';

/** A key of the keypad, as a menu's options name it. */
export type IvrKey = keyof Extract<IvrStep, { type: 'menu' }>['options'];
/** An open interval of business hours. */
export type IvrInterval = NonNullable<IvrHours['weekly']['monday']>[number];

/** The steps only TwiML makes (core's `programmable`): the editor offers none of them. */
type TwimlStepType = 'play' | 'pause' | 'gather' | 'record' | 'redirect' | 'reject';

export type StepType = Exclude<IvrStep['type'], TwimlStepType>;

export const STEP_TYPES: ReadonlyArray<readonly [StepType, string]> = [
  ['say', 'Say'],
  ['menu', 'Menu'],
  ['hours', 'Business hours'],
  ['forward', 'Forward'],
  ['voicemail', 'Voicemail'],
  ['hangup', 'Hang up'],
];

export const stepTypeLabel = (type: IvrStep['type']) =>
  STEP_TYPES.find(([t]) => t === type)?.[1] ?? type;

export const KEYS: readonly IvrKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** A step of `type` with the defaults core's model has, and no links chosen yet. */
export function newStep(type: StepType, timeZone: string): IvrStep {
  switch (type) {
    case 'say':
      return { type, text: '' };
    case 'menu':
      return { type, prompt: '', options: {}, timeoutSeconds: 5, retries: 2 };
    case 'hours':
      return {
        type,
        timeZone,
        weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: '09:00', to: '17:00' }]])),
        holidays: [],
        open: '',
        closed: '',
      };
    case 'forward':
      return { type, to: 'devices', ringSeconds: 30 };
    case 'voicemail':
      return { type, greeting: '', maxSeconds: 120 };
    case 'hangup':
      return { type };
  }
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export const DAYS = [...WEEKDAYS, 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];

/** The first free id for a new step of `type`: "menu", then "menu-2", "menu-3"... */
export function freeId(flow: IvrFlow, type: StepType): string {
  if (!(type in flow.steps)) return type;
  for (let n = 2; ; n++) if (!(`${type}-${n}` in flow.steps)) return `${type}-${n}`;
}

/** A link of a step to the next one, labelled as the tree shows it. */
export interface StepLink {
  label: string;
  /** The step it leads to; '' when not chosen yet. */
  target: string;
}

/** Every step `step` may lead to, in the order a caller meets them. */
export function linksOf(step: IvrStep): StepLink[] {
  switch (step.type) {
    case 'say':
      return step.next !== undefined ? [{ label: 'Then', target: step.next }] : [];
    case 'menu':
      return [
        ...KEYS.filter((k) => step.options[k] !== undefined).map((k) => ({
          label: `Key ${k}`,
          target: step.options[k] ?? '',
        })),
        ...(step.onTimeout !== undefined ? [{ label: 'No input', target: step.onTimeout }] : []),
        ...(step.onInvalid !== undefined ? [{ label: 'Invalid key', target: step.onInvalid }] : []),
      ];
    case 'hours':
      return [
        { label: 'Open', target: step.open },
        { label: 'Closed', target: step.closed },
      ];
    case 'forward':
      return step.fallback !== undefined ? [{ label: 'No answer', target: step.fallback }] : [];
    default:
      return [];
  }
}

/** `step` with every link to `from` pointing at `to` instead ('' unlinks it). */
function relink(step: IvrStep, from: string, to: string): IvrStep {
  const swap = (id: string) => (id === from ? to : id);
  const swapOptional = (id?: string) => (id === undefined ? undefined : swap(id));
  switch (step.type) {
    case 'say':
      return { ...step, next: swapOptional(step.next) };
    case 'menu':
      return {
        ...step,
        options: Object.fromEntries(
          Object.entries(step.options).map(([k, target]) => [k, swap(target ?? '')]),
        ),
        onTimeout: swapOptional(step.onTimeout),
        onInvalid: swapOptional(step.onInvalid),
      };
    case 'hours':
      return { ...step, open: swap(step.open), closed: swap(step.closed) };
    case 'forward':
      return { ...step, fallback: swapOptional(step.fallback) };
    default:
      return step;
  }
}

function mapSteps(flow: IvrFlow, f: (step: IvrStep) => IvrStep): IvrFlow['steps'] {
  return Object.fromEntries(Object.entries(flow.steps).map(([id, s]) => [id, f(s)]));
}

/** The flow with step `from` called `to`, every link and the first step following it. */
export function renameStep(flow: IvrFlow, from: string, to: string): IvrFlow {
  if (from === to || to in flow.steps) return flow;
  const steps = mapSteps(flow, (s) => relink(s, from, to));
  const renamed = Object.fromEntries(
    Object.entries(steps).map(([id, s]) => [id === from ? to : id, s]),
  );
  return { ...flow, start: flow.start === from ? to : flow.start, steps: renamed };
}

/** The flow without step `id`; links to it are left unchosen, for validation to point at. */
export function removeStep(flow: IvrFlow, id: string): IvrFlow {
  const rest = Object.fromEntries(Object.entries(flow.steps).filter(([k]) => k !== id));
  const steps = mapSteps({ ...flow, steps: rest }, (s) => relink(s, id, ''));
  return { ...flow, start: flow.start === id ? '' : flow.start, steps };
}

/** What a new flow starts from: a menu offering the devices or a message. */
export function starterFlow(): IvrFlow {
  return {
    name: '',
    start: 'main',
    steps: {
      main: {
        type: 'menu',
        prompt: 'Thank you for calling. For sales, press 1. To leave a message, press 2.',
        options: { '1': 'sales', '2': 'message' },
        timeoutSeconds: 5,
        retries: 2,
        onTimeout: 'message',
      },
      sales: { type: 'forward', to: 'devices', ringSeconds: 30, fallback: 'message' },
      message: {
        type: 'voicemail',
        greeting: 'Please leave your message after the tone.',
        maxSeconds: 120,
      },
    },
  };
}

/** The browser's own time zone, the default of a new business-hours step. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
