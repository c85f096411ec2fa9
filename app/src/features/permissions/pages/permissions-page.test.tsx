import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, mockServer, ok, refusal } from '../../../test/mock-api';
import { retype } from '../../../test/forms';
import { bodyOf, rowOf } from '../../../test/queries';
import { clientAuth, renderWithToasts } from '../../../test/render';
import { PermissionsPage } from './permissions-page';

const state = (status: string, selfService: boolean) => ({ status, selfService });

function country(iso: string, name: string, voice: object, sms: object) {
  return {
    code: iso === 'GB' ? 'UK' : iso,
    iso,
    name,
    flag: '',
    callingCode: iso === 'SO' ? '252' : '44',
    outboundRate: 0.025,
    smsRate: 0.04,
    voice,
    sms,
  };
}

const page = {
  countries: [
    country('GB', 'United Kingdom', state('allowed', true), state('blocked', true)),
    country('SO', 'Somalia', state('blocked', false), state('requested', false)),
  ],
};

const form = (values: Partial<Record<string, string>>) => ({
  maxRatePerMinute: '',
  maxCallCost: '',
  dailySpend: '',
  concurrentCalls: '',
  callsPerSecond: '',
  smsPerMinute: '',
  ...values,
});
const ceiling = form({ maxRatePerMinute: '1.00', dailySpend: '100.00', concurrentCalls: '10' });
const limits = { inForce: ceiling, ceiling, chosen: form({}), spentToday: 3.5 };

const server = mockServer({
  'GET /api/permissions': ok(page),
  'GET /api/limits': ok(limits),
});

function renderPage() {
  renderWithToasts(<PermissionsPage />, { route: '/client/permissions', auth: clientAuth() });
}

describe('Permissions page', () => {
  it('lists each country with its rates and what the account may do on each channel', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Permissions', level: 1 })).toBeInTheDocument();
    const uk = await screen.findByRole('row', { name: /United Kingdom/ });
    expect(within(uk).getByText('$0.025')).toBeInTheDocument();
    expect(within(uk).getByText('allowed')).toBeInTheDocument();
    expect(
      within(uk).getByRole('button', { name: 'Turn off calls to United Kingdom' }),
    ).toBeVisible();
    expect(within(uk).getByRole('button', { name: 'Turn on SMS to United Kingdom' })).toBeVisible();
    const so = rowOf('Somalia');
    expect(within(so).getByText('requested')).toBeInTheDocument();
    expect(within(so).getByRole('button', { name: 'Ask for calls to Somalia' })).toBeVisible();
    expect(within(so).queryByRole('button', { name: /SMS to Somalia/ })).toBeNull();
  });

  it('lists a country granted outside the price list, without rates', async () => {
    const jamaica = {
      ...country('JM', 'Jamaica', state('allowed', false), state('blocked', false)),
      callingCode: '1',
      outboundRate: null,
      smsRate: null,
    };
    server({ 'GET /api/permissions': ok({ countries: [...page.countries, jamaica] }) });
    renderPage();
    const jm = await screen.findByRole('row', { name: /Jamaica/ });
    expect(within(jm).getAllByText('Not in the price list')).toHaveLength(2);
    expect(within(jm).getByText('allowed')).toBeInTheDocument();
    expect(within(jm).getByRole('button', { name: 'Turn off calls to Jamaica' })).toBeVisible();
  });

  describe('search', () => {
    const germany = {
      ...country('DE', 'Germany', state('allowed', true), state('allowed', true)),
      callingCode: '49',
    };
    const sudan = {
      ...country('SD', 'Sudan', state('blocked', false), state('blocked', false)),
      callingCode: '249',
    };

    async function renderSearch() {
      server({
        'GET /api/permissions': ok({ countries: [...page.countries, germany, sudan] }),
      });
      renderPage();
      await screen.findByRole('row', { name: /United Kingdom/ });
      return screen.getByRole('searchbox', { name: 'Search countries' });
    }

    it('narrows the rows to the countries whose name matches, case-insensitively', async () => {
      const search = await renderSearch();
      await userEvent.type(search, 'sU');
      expect(screen.getAllByRole('rowheader')).toHaveLength(1);
      expect(screen.getByRole('row', { name: /Sudan/ })).toBeInTheDocument();
      await retype(search, 'united');
      expect(screen.getByRole('row', { name: /United Kingdom/ })).toBeInTheDocument();
      expect(screen.queryByRole('row', { name: /Somalia/ })).toBeNull();
      await userEvent.clear(search);
      expect(screen.getAllByRole('rowheader')).toHaveLength(4);
    });

    it('finds a country by its ISO or catalogue code', async () => {
      const search = await renderSearch();
      await userEvent.type(search, 'gb');
      expect(screen.getAllByRole('rowheader')).toHaveLength(1);
      expect(screen.getByRole('row', { name: /United Kingdom/ })).toBeInTheDocument();
      await retype(search, 'uk');
      expect(screen.getAllByRole('rowheader')).toHaveLength(1);
      expect(screen.getByRole('row', { name: /United Kingdom/ })).toBeInTheDocument();
    });

    it('finds a country by its calling code, with or without the "+"', async () => {
      const search = await renderSearch();
      await userEvent.type(search, '+49');
      expect(screen.getAllByRole('rowheader')).toHaveLength(1);
      const de = screen.getByRole('row', { name: /Germany/ });
      expect(within(de).getByRole('button', { name: 'Turn off calls to Germany' })).toBeVisible();
      await retype(search, '249');
      expect(screen.getAllByRole('rowheader')).toHaveLength(1);
      expect(screen.getByRole('row', { name: /Sudan/ })).toBeInTheDocument();
    });

    it('says so when no country matches, and keeps the rest of the page', async () => {
      const search = await renderSearch();
      await userEvent.type(search, 'Atlantis');
      expect(screen.getByRole('status')).toHaveTextContent('No countries match your search');
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getByLabelText('Country code')).toBeInTheDocument();
      await userEvent.clear(search);
      expect(screen.getByRole('row', { name: /Germany/ })).toBeInTheDocument();
    });
  });

  it('turns a country off and shows the answer the server gives', async () => {
    const off = {
      countries: [
        country('GB', 'United Kingdom', state('blocked', true), state('blocked', true)),
        page.countries[1],
      ],
    };
    const fetch = server({ 'PUT /api/permissions/voice/GB': ok(off) });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn off calls to United Kingdom' }),
    );
    expect(await screen.findByText('Calls to United Kingdom turned off')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/permissions/voice/GB')).toEqual({ allowed: false });
    expect(
      within(rowOf('United Kingdom')).getByRole('button', {
        name: 'Turn on calls to United Kingdom',
      }),
    ).toBeVisible();
  });

  it('asks an administrator for a blocked country with a reason', async () => {
    const fetch = server({
      'POST /api/permissions/requests': {
        status: 201,
        body: {
          id: 7,
          message: 'Request sent. We will let you know when an administrator answers.',
        },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for calls to Somalia' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for Somalia' });
    await userEvent.type(within(dialog).getByLabelText(/Why do you need it/), 'Family');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(/Request sent/)).toBeInTheDocument();
    expect(bodyOf(fetch, 'POST /api/permissions/requests')).toEqual({
      channel: 'voice',
      country: 'SO',
      note: 'Family',
    });
    expect(calls(fetch).filter((c) => c === 'GET /api/permissions').length).toBe(2);
  });

  it('says why the server refused a change', async () => {
    server({
      'PUT /api/permissions/sms/GB': refusal(403, 'Only an administrator turns this country on'),
    });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on SMS to United Kingdom' }),
    );
    expect(
      await screen.findByText('Only an administrator turns this country on'),
    ).toBeInTheDocument();
  });

  it('lowers a limit and refuses, as core does, one above the ceiling', async () => {
    const fetch = server({
      'PUT /api/limits': (init) => {
        const chosen = JSON.parse(String(init.body)) as Record<string, string>;
        return ok({ ...limits, chosen, inForce: { ...ceiling, concurrentCalls: '2' } });
      },
    });
    renderPage();
    const calls_ = await screen.findByLabelText('Calls at once');
    expect(screen.getByText('In force: 10; ceiling: 10')).toBeInTheDocument();
    expect(screen.getByText(/Spent today: \$3\.50/)).toBeInTheDocument();
    await userEvent.type(calls_, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(
      screen.getByText("At most 10, your account's ceiling: ask us to raise it"),
    ).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('PUT'))).toEqual([]);
    await userEvent.clear(calls_);
    await userEvent.type(calls_, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Limits saved')).toBeInTheDocument();
    expect(bodyOf(fetch, 'PUT /api/limits')).toEqual(form({ concurrentCalls: '2' }));
    expect(screen.getByText('In force: 2; ceiling: 10')).toBeInTheDocument();
  });

  it('asks for a country outside the list by its code, checked by core first', async () => {
    const fetch = server({
      'POST /api/permissions/requests': {
        status: 201,
        body: {
          id: 8,
          message: 'Request sent. We will let you know when an administrator answers.',
        },
      },
    });
    renderPage();
    const code = await screen.findByLabelText('Country code');
    await userEvent.type(code, 'J1');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(
      screen.getByText(
        'List countries as two-letter ISO 3166 codes separated by spaces or commas, e.g. US GB DE',
      ),
    ).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);
    await userEvent.clear(code);
    await userEvent.type(code, 'jm');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText(/Request sent/)).toBeInTheDocument();
    expect(bodyOf(fetch, 'POST /api/permissions/requests')).toEqual({
      channel: 'voice',
      country: 'JM',
      note: '',
    });
  });
});
