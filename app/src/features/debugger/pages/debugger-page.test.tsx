import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listPage } from '../../../test/mock-api';
import { clientAuth, pageTest } from '../../../test/render';
import { chooseOption, expectCalled, expectShows, findRow } from '../../../test/queries';
import { DebuggerPage } from './debugger-page';

const refused = {
  id: 9,
  source: 'twiml',
  level: 'error',
  code: 12100,
  callSid: 'CA0123456789abcdef0123456789abcdef',
  method: 'POST',
  url: 'https://app.example.com/voice',
  request: 'CallSid=CA0123456789abcdef0123456789abcdef&CallStatus=ringing&From=%2B442071234567',
  status: 200,
  response: '<Response><Say>unclosed</Response>',
  message: 'The document is not well-formed XML',
  durationMs: 84,
  date: '2026-11-28T10:00:00Z',
};

const delivered = {
  id: 8,
  source: 'webhook',
  level: 'info',
  code: null,
  callSid: null,
  method: 'POST',
  url: 'https://app.example.com/sms-status',
  request: 'MessageSid=SM1&MessageStatus=delivered',
  status: 204,
  response: '',
  message: null,
  durationMs: 31,
  date: '2026-11-28T09:00:00Z',
};

const FIRST = 'GET /api/debugger?source=&level=&page=1&pageSize=20';

const show = pageTest(
  <DebuggerPage />,
  { route: '/client/debugger', auth: clientAuth() },
  { [FIRST]: listPage([refused, delivered], 2) },
);

describe('Debugger page', () => {
  it('lists TwiML fetches and webhooks with their outcome and code', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Debugger' })).toBeInTheDocument();
    const row = await findRow('TwiML fetch');
    expectShows(row, [
      'Error',
      '12100',
      'https://app.example.com/voice',
      'The document is not well-formed XML',
    ]);
    expectShows(await findRow('Webhook'), ['OK', 'https://app.example.com/sms-status', 'HTTP 204']);
  });

  it('shows the parameters sent and the body that came back under Details', async () => {
    show();
    const row = await findRow('TwiML fetch');
    await userEvent.click(within(row).getByRole('button', { name: /^Details/ }));
    const request = screen.getByRole('region', { name: 'Request' });
    expect(request).toHaveTextContent('CallStatusringing');
    expect(request).toHaveTextContent('From+442071234567');
    const response = screen.getByRole('region', { name: 'Response' });
    expect(response).toHaveTextContent('200 · 84 ms');
    expect(response).toHaveTextContent('<Response><Say>unclosed</Response>');
  });

  it('filters by kind and outcome, and says when nothing matches', async () => {
    const { fetch } = show({
      'GET /api/debugger?source=twiml&level=&page=1&pageSize=20': listPage([refused]),
      'GET /api/debugger?source=twiml&level=warning&page=1&pageSize=20': listPage([]),
    });
    await findRow('TwiML fetch');
    await chooseOption(
      'Kind',
      ['Every kind', 'TwiML fetches', 'Webhooks', 'API errors'],
      'TwiML fetches',
    );
    await expectCalled(fetch, 'GET /api/debugger?source=twiml&level=&page=1&pageSize=20');
    await chooseOption(
      'Outcome',
      ['Every outcome', 'Errors', 'Warnings', 'Went through'],
      'Warnings',
    );
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
  });

  it('explains an empty debugger', async () => {
    show({ [FIRST]: listPage([]) });
    expect(
      await screen.findByText(/No TwiML fetches, webhooks or API errors yet/),
    ).toBeInTheDocument();
  });
});
