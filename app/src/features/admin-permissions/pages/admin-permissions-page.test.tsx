import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockServer, ok } from '../../../test/mock-api';
import { retype } from '../../../test/forms';
import { bodyOf } from '../../../test/queries';
import { adminAuth, renderWithToasts } from '../../../test/render';
import { AdminPermissionsPage } from './admin-permissions-page';

const lists = { voiceCountries: 'CA GB US', smsCountries: 'US', highRiskPrefixes: '252' };
const request = {
  id: 4,
  userId: 9,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  channel: 'voice',
  country: 'SO',
  note: 'Family in Mogadishu',
  createdAt: '2026-11-28T10:00:00Z',
};

const defaults = {
  maxRatePerMinute: '1.00',
  maxCallCost: '25.00',
  dailySpend: '100.00',
  concurrentCalls: '10',
  callsPerSecond: '5',
  smsPerMinute: '60',
};

const server = mockServer({
  'GET /api/admin/permissions': ok({ ...lists, requests: [request] }),
  'GET /api/admin/limits': ok(defaults),
});

function renderPage() {
  renderWithToasts(<AdminPermissionsPage />, { route: '/admin/permissions', auth: adminAuth() });
}

describe('Admin permissions page', () => {
  it('grants a waiting request and says so', async () => {
    const fetch = server({
      'POST /api/admin/permissions/requests/4': ok({ message: 'Request approved' }),
    });
    renderPage();
    const row = await screen.findByRole('row', { name: /ada@example.com/ });
    expect(within(row).getByText('Calls to SO')).toBeInTheDocument();
    expect(within(row).getByText('Family in Mogadishu')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^Grant/ }));
    expect(await screen.findByText('Granted: SO for ada@example.com')).toBeInTheDocument();
    expect(bodyOf(fetch, 'POST /api/admin/permissions/requests/4')).toEqual({ approve: true });
  });

  it('checks the lists with core and sends nothing while one is invalid', async () => {
    const fetch = server();
    renderPage();
    const voice = await screen.findByLabelText('Countries new accounts may call');
    expect(voice).toHaveValue('CA GB US');
    await retype(voice, 'USA');
    await userEvent.click(screen.getByRole('button', { name: 'Save lists' }));
    expect(
      screen.getByText(
        'List countries as two-letter ISO 3166 codes separated by spaces or commas, e.g. US GB DE',
      ),
    ).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it('saves the lists', async () => {
    const fetch = server({
      'PUT /api/admin/permissions': ok({ ...lists, highRiskPrefixes: '252 8816' }),
    });
    renderPage();
    const prefixes = await screen.findByLabelText('High-risk prefixes');
    await retype(prefixes, '+252 +8816');
    await userEvent.click(screen.getByRole('button', { name: 'Save lists' }));
    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/admin/permissions')).toEqual({
      ...lists,
      highRiskPrefixes: '+252 +8816',
    });
  });

  it('says when no request waits', async () => {
    server({ 'GET /api/admin/permissions': ok({ ...lists, requests: [] }) });
    renderPage();
    expect(await screen.findByText('No requests are waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Requests for blocked countries' })).toBeNull();
  });

  it('saves the default limits, an empty field being no limit', async () => {
    const fetch = server({
      'PUT /api/admin/limits': (init) => ok(JSON.parse(String(init.body))),
    });
    renderPage();
    const daily = await screen.findByLabelText('Spending a day, calls and SMS ($)');
    expect(daily).toHaveValue('100.00');
    await userEvent.clear(daily);
    await retype(screen.getByLabelText('Calls at once'), 'many');
    await userEvent.click(screen.getByRole('button', { name: 'Save default limits' }));
    expect(screen.getByText('Enter a whole number from 1 to 100000')).toBeInTheDocument();
    await retype(screen.getByLabelText('Calls at once'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save default limits' }));
    expect(await screen.findByText('Default limits saved')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/admin/limits')).toEqual({
      ...defaults,
      dailySpend: '',
      concurrentCalls: '20',
    });
  });
});
