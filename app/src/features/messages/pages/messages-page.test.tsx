import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, failsUntilRecovered, mockServer, ok, refusal } from '../../../test/mock-api';
import { clientAuth, renderWithProviders, renderWithToasts } from '../../../test/render';
import { MessagesPage } from './messages-page';
import { bodyOf } from '../../../test/queries';

const NUMBER = '+14155550100';
const ALICE = '+447700900123';
const BOB = '+4915112345678';

const aliceThread = [
  {
    direction: 'outbound',
    body: 'Your code is 1234',
    date: '2026-11-24T09:00:00Z',
    status: 'delivered',
  },
  { direction: 'inbound', body: 'Thanks!', date: '2026-11-24T09:05:00Z', status: 'received' },
  { direction: 'outbound', body: 'Anytime', date: '2026-11-24T09:06:00Z', status: 'failed' },
];

const conversations = [
  { number: NUMBER, contact: ALICE, messages: 3, last: aliceThread[2] },
  {
    number: NUMBER,
    contact: BOB,
    messages: 1,
    last: {
      direction: 'inbound',
      body: 'Call me back',
      date: '2026-11-23T18:00:00Z',
      status: 'received',
    },
  },
];

const threadUrl = (contact: string) =>
  `GET /api/sms/conversation?${new URLSearchParams({ number: NUMBER, contact })}`;

const server = mockServer({
  'GET /api/sms/conversations': ok({ conversations }),
  [threadUrl(ALICE)]: ok({ number: NUMBER, contact: ALICE, messages: aliceThread }),
});

function renderPage(route = '/client/messages') {
  return renderWithProviders(<MessagesPage />, { route, auth: clientAuth() });
}

describe('Messages page', () => {
  it('lists the conversations, newest first, with their number, last message and count', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Conversations' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(ALICE);
    expect(items[0]).toHaveTextContent(`via ${NUMBER}`);
    expect(items[0]).toHaveTextContent('You: Anytime');
    expect(items[0]).toHaveTextContent('3 messages');
    expect(items[0]).toHaveTextContent('Nov 24, 2026');
    expect(items[1]).toHaveTextContent(BOB);
    expect(items[1]).toHaveTextContent('Call me back');
    expect(items[1]).not.toHaveTextContent('You:');
    expect(items[1]).toHaveTextContent('1 message');
    expect(screen.getByText('Choose a conversation to read it.')).toBeInTheDocument();
  });

  it('opens a conversation as chat bubbles with the delivery status of what was sent', async () => {
    const fetch = server();
    renderPage();
    const link = await screen.findByRole('link', { name: new RegExp(ALICE.replace('+', '\\+')) });
    expect(link).not.toHaveAttribute('aria-current');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/client/messages?number=%2B14155550100&contact=%2B447700900123`,
    );
    expect(link).toHaveAttribute('aria-current', 'true');
    const thread = screen.getByRole('region', { name: ALICE });
    expect(screen.getByRole('heading', { level: 2, name: ALICE })).toHaveFocus();
    expect(thread).toHaveTextContent(`with your number ${NUMBER}`);
    const bubbles = within(
      await within(thread).findByRole('region', { name: `Messages with ${ALICE}` }),
    ).getAllByRole('listitem');
    expect(bubbles).toHaveLength(3);
    expect(bubbles[0]).toHaveTextContent('Sent: Your code is 1234');
    expect(bubbles[0]).toHaveClass('justify-end');
    expect(within(bubbles[0]).getByText('delivered')).toHaveClass('bg-green-100');
    expect(bubbles[1]).toHaveTextContent('Received: Thanks!');
    expect(bubbles[1]).toHaveClass('justify-start');
    expect(bubbles[1]).not.toHaveTextContent('received');
    expect(within(bubbles[2]).getByText('failed')).toHaveClass('bg-red-100');
    expect(calls(fetch)).toContain(threadUrl(ALICE));
  });

  it('opens the conversation of its link, with a way back to the list', async () => {
    server();
    renderPage(`/client/messages?${new URLSearchParams({ number: NUMBER, contact: ALICE })}`);
    expect(await screen.findByText('Your code is 1234')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: ALICE })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Back to conversations' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/client\/messages$/);
    expect(screen.queryByRole('region', { name: ALICE })).toBeNull();
  });

  it('says when there is no message yet, with a link to Send SMS', async () => {
    server({ 'GET /api/sms/conversations': ok({ conversations: [] }) });
    renderPage();
    const empty = (await screen.findByText(/No messages yet/)).closest<HTMLElement>(
      '[role="status"]',
    )!;
    expect(empty).toHaveTextContent('No messages yet.');
    expect(within(empty).getByRole('link', { name: 'Send an SMS' })).toHaveAttribute(
      'href',
      '/client/send-sms',
    );
    expect(screen.queryByText('Choose a conversation to read it.')).toBeNull();
  });

  it('shows a failure with Retry, for the list and for a thread', async () => {
    const listRoute = failsUntilRecovered(
      refusal(500, 'Database unavailable'),
      ok({ conversations }),
    );
    server({
      'GET /api/sms/conversations': listRoute.route,
      [threadUrl(BOB)]: refusal(400, 'contact is not a valid number'),
    });
    renderPage(`/client/messages?${new URLSearchParams({ number: NUMBER, contact: BOB })}`);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('contact is not a valid number')).toBeInTheDocument();
    listRoute.recover();
    const list = screen.getByRole('region', { name: 'Conversations' });
    await userEvent.click(within(list).getByRole('button', { name: 'Retry' }));
    expect(await within(list).findByText('Call me back')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Call me back/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it("replies from the conversation's own number, counted and validated by core, and shows the reply", async () => {
    const reply = {
      direction: 'outbound',
      body: 'See you at 5',
      date: '2026-11-24T10:00:00Z',
      status: 'delivered',
    };
    let sent = false;
    const fetch = server({
      'POST /api/sms/quote': ok({
        segments: 1,
        encoding: 'GSM-7',
        characters: 12,
        rate: 0.04,
        cost: 0.04,
        country: 'United Kingdom',
      }),
      'POST /api/sms': () => {
        sent = true;
        return {
          status: 201,
          body: {
            message: {
              id: 7,
              to: ALICE,
              message: reply.body,
              segments: 1,
              cost: 0.04,
              status: 'delivered',
              error: null,
              date: reply.date,
            },
            balance: 9.96,
          },
        };
      },
      [threadUrl(ALICE)]: () =>
        ok({
          number: NUMBER,
          contact: ALICE,
          messages: sent ? [...aliceThread, reply] : aliceThread,
        }),
    });
    renderWithToasts(<MessagesPage />, {
      route: `/client/messages?${new URLSearchParams({ number: NUMBER, contact: ALICE })}`,
      auth: clientAuth(),
    });
    const form = await screen.findByRole('form', { name: `Reply to ${ALICE}` });
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Message is required')).toBeVisible();
    expect(calls(fetch)).not.toContain('POST /api/sms');
    await userEvent.type(within(form).getByLabelText('Reply'), reply.body);
    expect(within(form).getByTestId('sms-counter')).toHaveTextContent('12/160');
    expect(
      await within(form).findByText(
        'Cost: $0.04 (1 part to United Kingdom)',
        {},
        { timeout: 2000 },
      ),
    ).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(bodyOf(fetch, 'POST /api/sms')).toEqual({
      to: ALICE,
      message: reply.body,
      from: NUMBER,
    });
    const thread = screen.getByRole('region', { name: `Messages with ${ALICE}` });
    await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(4));
    expect(within(thread).getAllByRole('listitem')[3]).toHaveTextContent('Sent: See you at 5');
    expect(within(form).getByLabelText('Reply')).toHaveValue('');
  });

  it('says why a reply failed, in a toast', async () => {
    server({
      'POST /api/sms': refusal(400, 'Invalid input', {
        from: 'Send from one of your active numbers',
      }),
    });
    renderWithToasts(<MessagesPage />, {
      route: `/client/messages?${new URLSearchParams({ number: NUMBER, contact: ALICE })}`,
      auth: clientAuth(),
    });
    const form = await screen.findByRole('form', { name: `Reply to ${ALICE}` });
    await userEvent.type(within(form).getByLabelText('Reply'), 'Hi');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Send from one of your active numbers')).toBeInTheDocument();
    expect(within(form).getByLabelText('Reply')).toHaveValue('Hi');
  });
});
