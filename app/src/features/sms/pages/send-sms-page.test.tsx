import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calls,
  listPage,
  mockApi,
  ok,
  refusal,
  type Reply,
  type Routes,
} from '../../../test/mock-api';
import { clientAuth, renderWithToasts } from '../../../test/render';
import { SendSmsPage } from './send-sms-page';
import { expectChargeFailure } from '../../../test/charge-failure';
import { bodyOf, expectShows } from '../../../test/queries';
import { fill } from '../../../test/forms';

const LIST = 'GET /api/sms?page=1&pageSize=10';
const QUOTE = 'POST /api/sms/quote';
const SEND = 'POST /api/sms';
/** The recent messages' first page: 10 to a page. */
const recentPage = (items: unknown[]) => listPage(items, items.length, 1, 10);
const quote = {
  segments: 2,
  encoding: 'GSM-7',
  characters: 170,
  rate: 0.01,
  cost: 0.02,
  country: 'United States',
};
const longText = 'a'.repeat(170);

function renderPage(routes: Routes) {
  const fetch = mockApi({ [LIST]: recentPage([]), ...routes });
  const auth = clientAuth();
  const view = renderWithToasts(<SendSmsPage />, { route: '/client/send-sms', auth });
  return { ...view, fetch };
}

async function fillForm(to: string, message: string) {
  await fill({ Recipient: to, Message: message });
}

describe('Send SMS page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the empty state of the recent messages', async () => {
    renderPage({});
    expect(await screen.findByText('No recent messages')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Send SMS' })).toBeVisible();
  });

  it("shows core's messages after the first submit and updates them while typing", async () => {
    const { fetch } = renderPage({});
    expect(screen.queryByText('Recipient is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Recipient is required')).toBeVisible();
    expect(screen.getByText('Message is required')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Recipient'), '4155550123');
    expect(
      screen.getByText('Enter the number in international format, e.g. +14155550123'),
    ).toBeVisible();
    expect(calls(fetch)).not.toContain(SEND);
  });

  it('counts characters through core, with parts once there is more than one', async () => {
    renderPage({});
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('0/160');
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('5/160');
    expect(screen.queryByText(/parts/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Message'), 'a'.repeat(160));
    expect(screen.getByTestId('sms-counter')).toHaveTextContent('165/160');
    expect(screen.getByText('2 parts · GSM-7')).toBeVisible();
  });

  it('quotes the cost of a valid message before sending', async () => {
    const { fetch } = renderPage({ [QUOTE]: ok(quote) });
    await fillForm('+14155550123', longText);
    expect(
      await screen.findByText('Cost: $0.02 (2 parts to United States)', {}, { timeout: 2000 }),
    ).toBeVisible();
    expect(bodyOf(fetch, QUOTE)).toEqual({ to: '+14155550123', message: longText });
    // Debounced: one quote for the whole burst of typing.
    expect(calls(fetch).filter((c) => c === QUOTE)).toHaveLength(1);
  });

  it('does not ask for a quote while the form is invalid', async () => {
    const { fetch } = renderPage({ [QUOTE]: ok(quote) });
    await fillForm('12', 'Hi');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls(fetch)).not.toContain(QUOTE);
  });

  it('sends, confirms, clears the message and refreshes the balance', async () => {
    const sent = {
      id: 9,
      to: '+14155550123',
      message: 'Hello',
      segments: 1,
      cost: 0.01,
      status: 'delivered',
      error: null,
      date: new Date().toISOString(),
    };
    let listed = false;
    const { fetch, auth } = renderPage({
      [QUOTE]: ok({ ...quote, segments: 1, cost: 0.01 }),
      [SEND]: () => {
        listed = true;
        return { status: 201, body: { message: sent, balance: 125.49 } };
      },
      [LIST]: () => recentPage(listed ? [sent] : []),
    });
    await fillForm('+14155550123', 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(bodyOf(fetch, SEND)).toEqual({ to: '+14155550123', message: 'Hello' });
    const init = fetch.mock.calls.find(([url]) => url === '/api/sms')?.[1];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Recipient')).toHaveValue('+14155550123');
    expect(screen.queryByText('Message is required')).toBeNull();
    expect(auth.refreshUser).toHaveBeenCalled();
    const recent = screen.getByRole('region', { name: 'Recent messages' });
    expect(await within(recent).findByText('delivered')).toBeVisible();
    expect(within(recent).getByText('1 part')).toBeVisible();
  });

  it('keeps the button disabled while sending', async () => {
    let release: (reply: Reply) => void = () => {};
    renderPage({
      [QUOTE]: ok(quote),
      [SEND]: () => new Promise((resolve) => (release = resolve)),
    });
    await fillForm('+14155550123', 'Hello');
    const send = screen.getByRole('button', { name: 'Send' });
    await userEvent.click(send);
    expect(send).toBeDisabled();
    release(refusal(402, 'Insufficient balance'));
    await waitFor(() => expect(send).toBeEnabled());
  });

  it('explains a shortfall with a link to add funds', async () => {
    renderPage({
      [QUOTE]: ok(quote),
      [SEND]: refusal(402, 'Insufficient balance: this message costs $0.02'),
    });
    await fillForm('+14155550123', 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expectChargeFailure('Insufficient balance: this message costs $0.02');
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it("shows the carrier's failure as an error toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage({
      [QUOTE]: ok(quote),
      [SEND]: { status: 502, body: { message: 'The carrier rejected the message; refunded' } },
    });
    await fillForm('+14155550123', 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The carrier rejected the message; refunded'),
    ).toBeInTheDocument();
  });

  it("shows the server's field messages", async () => {
    renderPage({
      [QUOTE]: ok(quote),
      [SEND]: { status: 400, body: { errors: { to: 'We cannot deliver to this country yet' } } },
    });
    await fillForm('+14155550123', 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('We cannot deliver to this country yet')).toBeVisible();
  });

  it('lists recent messages with their parts, cost and status', async () => {
    const items = [
      {
        id: 2,
        to: '+447700900123',
        message: 'Running late',
        segments: 1,
        cost: 0.04,
        status: 'failed',
        error: 'Unreachable handset',
        date: '2026-01-02T10:00:00Z',
      },
      {
        id: 1,
        to: '+14155550123',
        message: 'See you soon',
        segments: 2,
        cost: 0.02,
        status: 'sending',
        error: null,
        date: '2026-01-01T10:00:00Z',
      },
    ];
    renderPage({ [LIST]: listPage(items, 2, 1, 10) });
    const recent = await screen.findByRole('region', { name: 'Recent messages' });
    const [failed, sending] = await within(recent).findAllByRole('listitem');
    expect(within(failed).getByText('failed')).toHaveClass('bg-red-100');
    expectShows(failed, ['Unreachable handset', '$0.04']);
    expect(within(sending).getByText('sending')).toHaveClass('bg-yellow-100');
    expect(within(sending).getByText('2 parts')).toBeVisible();
  });
});
