import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { IvrFlow } from '../../../lib/core';
import { starterFlow } from './flow-steps';
import type { PreviewCall } from './preview-call';
import { TestCallPanel } from './test-call-panel';

function Panel({ flow, valid = true }: { flow: IvrFlow; valid?: boolean }) {
  const [call, setCall] = useState<PreviewCall | null>(null);
  return <TestCallPanel flow={flow} valid={valid} call={call} onCall={setCall} />;
}

const reception: IvrFlow = { ...starterFlow(), name: 'Reception' };
const transcript = () => screen.getByRole('log', { name: 'Call transcript' });
const key = (k: string) =>
  within(screen.getByRole('group', { name: 'Keypad' })).getByRole('button', { name: `Key ${k}` });

describe('Test call', () => {
  it('walks the flow by keys: the prompt, the key, the voicemail, the path', async () => {
    render(<Panel flow={reception} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start test call' }));
    expect(transcript()).toHaveTextContent('For sales, press 1. To leave a message, press 2.');
    expect(transcript()).toHaveTextContent('Waits 5 s for a key');
    expect(screen.getByTestId('call-path')).toHaveTextContent('Path: main');
    await userEvent.click(key('2'));
    expect(transcript()).toHaveTextContent('You: Presses 2');
    expect(transcript()).toHaveTextContent('Please leave your message after the tone.');
    expect(transcript()).toHaveTextContent('Records up to 120 s');
    expect(screen.getByTestId('call-path')).toHaveTextContent('Path: main → 2 → message');
    expect(key('1')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'End the message' }));
    expect(transcript()).toHaveTextContent('Leaves a 1 s message');
    expect(screen.getByRole('status')).toHaveTextContent('Call ended');
  });

  it('replays the menu on a wrong key, then takes the no-input branch', async () => {
    render(<Panel flow={reception} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start test call' }));
    await userEvent.click(key('7'));
    const prompts = () =>
      within(transcript())
        .getAllByRole('listitem')
        .filter((li) => li.textContent?.includes('press 2')).length;
    expect(prompts()).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'No input' }));
    expect(prompts()).toBe(3);
    // Retries spent (2): no input now leads to the voicemail.
    await userEvent.click(screen.getByRole('button', { name: 'No input' }));
    expect(screen.getByTestId('call-path')).toHaveTextContent('main → message');
  });

  it('forwards, and falls back when nobody answers', async () => {
    render(<Panel flow={reception} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start test call' }));
    await userEvent.click(key('1'));
    expect(transcript()).toHaveTextContent('Rings your SIP devices for 30 s');
    await userEvent.click(screen.getByRole('button', { name: 'No answer' }));
    expect(screen.getByTestId('call-path')).toHaveTextContent('main → 1 → sales → message');
  });

  it('takes the closed branch at a chosen time outside business hours', async () => {
    const flow: IvrFlow = {
      name: 'Hours',
      start: 'hours',
      steps: {
        hours: {
          type: 'hours',
          timeZone: 'America/New_York',
          weekly: { monday: [{ from: '09:00', to: '17:00' }] },
          holidays: [],
          open: 'open',
          closed: 'closed',
        },
        open: { type: 'say', text: 'We are open.' },
        closed: { type: 'say', text: 'We are closed.' },
      },
    };
    render(<Panel flow={flow} />);
    // Noon on Sunday 29 November 2026 by the browser's clock: still Sunday in New York.
    fireEvent.change(screen.getByLabelText('Call at'), { target: { value: '2026-11-29T12:00' } });
    expect(screen.getByRole('list', { name: 'Business hours at that time' })).toHaveTextContent(
      'hours: closed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start test call' }));
    expect(transcript()).toHaveTextContent('We are closed.');
    expect(screen.getByTestId('call-path')).toHaveTextContent('hours → closed');
  });

  it('cannot start while the flow has problems', () => {
    render(<Panel flow={starterFlow()} valid={false} />);
    expect(screen.getByRole('button', { name: 'Start test call' })).toBeDisabled();
    expect(screen.getByText("Fix the flow's problems to try it.")).toBeInTheDocument();
  });
});
