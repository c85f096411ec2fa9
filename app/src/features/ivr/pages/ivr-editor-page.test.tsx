import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, keepsBody, mockServer, ok } from '../../../test/mock-api';
import { renderWithToasts } from '../../../test/render';
import { starterFlow } from '../components/flow-steps';
import { IvrEditorPage } from './ivr-editor-page';
import { retype } from '../../../test/forms';

const server = mockServer({
  'GET /api/ivr/flows': ok({ items: [], level: 'basic', monthlyPrice: 29.99 }),
});

function detail(flow: { name: string }, extra: object = {}) {
  return {
    id: 7,
    name: flow.name,
    flow,
    numbers: [],
    prompts: [],
    subscription: null,
    createdAt: '2026-11-25T12:00:00Z',
    updatedAt: '2026-11-25T12:00:00Z',
    ...extra,
  };
}

function renderNew() {
  return renderWithToasts(<IvrEditorPage />, { route: '/client/ivr/new', path: '/client/ivr/*' });
}

const summary = () => screen.getByTestId('flow-problems');
const save = () => screen.getByRole('button', { name: 'Save flow' });

// Typing goes through core's validation on every key: slow on a loaded machine.
const TYPING = 15_000;

describe('IVR flow editor', () => {
  it(
    'validates through core on every change, next to the step and in the summary',
    async () => {
      server();
      renderNew();
      const name = await screen.findByLabelText('Flow name');
      expect(summary()).toHaveTextContent('1 problem to fix before saving');
      expect(summary()).toHaveTextContent('Enter a name for the flow');
      expect(save()).toBeDisabled();
      expect(
        screen.getByText(/Basic IVR: up to 10 steps, 1 menu and 1 voicemail box/),
      ).toBeVisible();

      await userEvent.type(name, 'Reception');
      expect(summary()).toHaveTextContent('No problems: the flow is ready to save.');
      expect(save()).toBeEnabled();

      // The first step is open in the form; emptying its prompt is a problem at once.
      const prompt = screen.getByLabelText('Menu prompt');
      await userEvent.clear(prompt);
      const message = "Step 'main': enter the menu prompt or choose an audio file";
      expect(screen.getByRole('list', { name: 'Problems of main' })).toHaveTextContent(message);
      expect(screen.getByRole('list', { name: 'Problems of step main' })).toHaveTextContent(
        message,
      );
      expect(summary()).toHaveTextContent(message);
      expect(save()).toBeDisabled();
      await userEvent.type(prompt, 'Press 1 for sales.');
      expect(save()).toBeEnabled();
    },
    TYPING,
  );

  it(
    'adds, links and removes steps, and keeps the level’s limits',
    async () => {
      server();
      renderNew();
      await userEvent.type(await screen.findByLabelText('Flow name'), 'Reception');
      await userEvent.selectOptions(screen.getByLabelText('New step'), 'menu');
      await userEvent.click(screen.getByRole('button', { name: 'Add step' }));
      // A second menu: over the Basic level, and nothing leads to it yet.
      expect(summary()).toHaveTextContent('The Basic IVR level allows at most 1 menu');
      expect(summary()).toHaveTextContent("Step 'menu': no path from the first step leads here");
      expect(screen.getByRole('list', { name: 'Steps not reached' })).toHaveTextContent('menu');
      await userEvent.click(screen.getByRole('button', { name: 'Remove step menu' }));
      expect(summary()).toHaveTextContent('No problems');

      // Renaming a step carries its branches along.
      await userEvent.click(screen.getByRole('button', { name: /^sales/ }));
      const id = screen.getByLabelText('Step id');
      await retype(id, 'desk{Enter}');
      expect(screen.getByRole('heading', { name: 'Forward step desk' })).toBeVisible();
      expect(summary()).toHaveTextContent('No problems');
    },
    TYPING,
  );

  it(
    'saves a new flow and opens it at its own address',
    async () => {
      const post = keepsBody((body) => ({ status: 201, body: detail(body as { name: string }) }));
      const fetch = server({ 'POST /api/ivr/flows': post.route });
      const { getByTestId } = renderNew();
      await userEvent.type(await screen.findByLabelText('Flow name'), 'Reception');
      await userEvent.click(save());
      await waitFor(() => expect(getByTestId('location')).toHaveTextContent('/client/ivr/7'));
      expect(calls(fetch)).toContain('POST /api/ivr/flows');
      expect(post.sent()).toMatchObject({ name: 'Reception', start: 'main' });
      expect(await screen.findByText('Reception saved')).toBeInTheDocument();
    },
    TYPING,
  );

  it(
    'shows the problems the server finds the same way',
    async () => {
      server({
        'POST /api/ivr/flows': {
          status: 400,
          body: {
            message: "Step 'sales': the server disagrees",
            problems: [{ step: 'sales', message: "Step 'sales': the server disagrees" }],
          },
        },
      });
      renderNew();
      await userEvent.type(await screen.findByLabelText('Flow name'), 'Reception');
      await userEvent.click(save());
      const tree = await screen.findByRole('list', { name: 'Problems of sales' });
      expect(tree).toHaveTextContent("Step 'sales': the server disagrees");
      expect(summary()).toHaveTextContent('1 problem to fix before saving');
      // Any edit hands the check back to core.
      await userEvent.type(screen.getByLabelText('Flow name'), '!');
      expect(summary()).toHaveTextContent('No problems');
      expect(within(document.body).queryByText(/the server disagrees/)).toBeNull();
    },
    TYPING,
  );

  it(
    'edits a saved flow in use: its numbers and charge, the level from the list, PUT on save',
    async () => {
      const saved = detail(
        { ...starterFlow(), name: 'Reception' },
        {
          numbers: ['+14155550100'],
          subscription: { renewsAt: '2026-12-25T12:00:00Z', monthlyPrice: 29.99 },
        },
      );
      const put = keepsBody(() =>
        ok({ ...saved, name: 'Front desk', updatedAt: '2026-11-25T12:05:00Z' }),
      );
      const fetch = server({
        'GET /api/ivr/flows': ok({ items: [], level: 'advanced', monthlyPrice: 29.99 }),
        'GET /api/ivr/flows/7': ok(saved),
        'PUT /api/ivr/flows/7': put.route,
      });
      renderWithToasts(<IvrEditorPage />, { route: '/client/ivr/7', path: '/client/ivr/:id' });
      expect(await screen.findByRole('heading', { name: 'Reception', level: 1 })).toBeVisible();
      expect(screen.getByText(/Answers calls to/)).toHaveTextContent(
        'Answers calls to +14155550100. $29.99/month, renews on Dec 25, 2026.',
      );
      expect(screen.getByText(/Advanced IVR: up to 30 steps/)).toBeVisible();
      const name = screen.getByLabelText('Flow name');
      await retype(name, 'Front desk');
      await userEvent.click(save());
      expect(await screen.findByText('Front desk saved')).toBeInTheDocument();
      expect(put.sent()).toMatchObject({ name: 'Front desk', start: 'main' });
      expect(calls(fetch)).toContain('PUT /api/ivr/flows/7');
    },
    TYPING,
  );
});
