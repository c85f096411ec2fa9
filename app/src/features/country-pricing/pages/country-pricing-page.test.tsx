import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, listPage, ok, refusal, type Reply } from '../../../test/mock-api';
import { pageTest } from '../../../test/render';
import { CountryPricingPage } from './country-pricing-page';
import {
  bodyOf,
  expectFlag,
  findRow,
  rowOf,
  answerDialog,
  expectShows,
} from '../../../test/queries';
import { retype } from '../../../test/forms';

const germany = {
  id: 3,
  country: 'Germany',
  code: 'DE',
  flag: '🇩🇪',
  callingCode: '49',
  inboundRate: 0.02,
  outboundRate: 0.0145,
  smsRate: 0.065,
  status: 'active',
  lastUpdated: '2025-02-03T12:00:00Z',
};

const japan = { ...germany, id: 4, country: 'Japan', code: 'JP', status: 'inactive' };

const show = pageTest(
  <CountryPricingPage />,
  { route: '/admin/country-pricing', toasts: true },
  {
    'GET /api/admin/country-pricing?search=&status=&page=1&pageSize=20': listPage([germany, japan]),
  },
);

describe('Country pricing page', () => {
  it('shows rates with three decimals through core, badges and dates', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Country Pricing' })).toBeInTheDocument();
    expect(screen.getByText('Manage rates for different countries')).toBeInTheDocument();
    const row = await findRow('Germany');
    expectShows(row, ['$0.020/min', '$0.015/min', '$0.065/msg']);
    expect(within(row).getByText('active')).toHaveClass('bg-green-100');
    expect(within(row).getByText('Feb 3, 2025')).toBeInTheDocument();
    await expectFlag(row, 'DE');
    expect(row).not.toHaveTextContent('🇩🇪');
    const jp = rowOf('Japan');
    expect(within(jp).getByText('inactive')).toHaveClass('bg-red-100');
    expect(screen.getByText('Showing 1 to 2 of 2')).toBeInTheDocument();
  });

  it('searches and filters on the server', async () => {
    const { fetch } = show({
      'GET /api/admin/country-pricing?search=de&status=&page=1&pageSize=20': listPage([germany]),
      'GET /api/admin/country-pricing?search=de&status=inactive&page=1&pageSize=20': listPage([]),
    });
    await screen.findByText('Germany');
    await userEvent.type(screen.getByPlaceholderText('Search countries...'), 'de');
    await waitFor(() => expect(screen.queryByText('Japan')).toBeNull());
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    expect(await screen.findByText('No countries match these filters')).toBeInTheDocument();
    expect(calls(fetch)).toContain(
      'GET /api/admin/country-pricing?search=de&status=inactive&page=1&pageSize=20',
    );
  });

  it("shows core's messages after the first submit and updates them while typing", async () => {
    const { fetch } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Country' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Country' });
    await userEvent.type(within(dialog).getByLabelText('Code'), 'de');
    // Nothing shows before the first submit.
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Country' }));
    expect(within(dialog).getByText('Country is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Code must be two capital letters, e.g. DE'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Calling code must be 1 to 4 digits, e.g. 49'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Inbound rate is required')).toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(dialog).getByLabelText(/Inbound rate/), '-0.01');
    expect(within(dialog).getByText('Inbound rate cannot be negative')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Outbound rate/), '11');
    expect(within(dialog).getByText('Outbound rate must be at most $10.000')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Country'), 'Germany');
    expect(within(dialog).queryByText('Country is required')).toBeNull();
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('adds a country and puts the server errors under their fields', async () => {
    const { fetch } = show({
      'POST /api/admin/country-pricing': refusal(400, 'Invalid', {
        code: 'A country with this code already exists',
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add New Country' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Country' });
    await userEvent.type(within(dialog).getByLabelText('Country'), 'Germany');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'DE');
    await userEvent.type(within(dialog).getByLabelText('Calling code'), '49');
    await userEvent.type(within(dialog).getByLabelText(/Inbound rate/), '0.02');
    await userEvent.type(within(dialog).getByLabelText(/Outbound rate/), '0.0145');
    await userEvent.type(within(dialog).getByLabelText(/SMS rate/), '0.065');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Country' }));
    expect(
      await within(dialog).findByText('A country with this code already exists'),
    ).toBeInTheDocument();
    expect(bodyOf(fetch, 'POST /api/admin/country-pricing')).toEqual({
      country: 'Germany',
      code: 'DE',
      callingCode: '49',
      flag: '',
      inboundRate: '0.02',
      outboundRate: '0.0145',
      smsRate: '0.065',
      status: 'active',
    });
  });

  it('edits a row from a prefilled form', async () => {
    const { fetch } = show({
      'PUT /api/admin/country-pricing/3': ok({ item: { ...germany, outboundRate: 0.03 } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Germany' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Germany' });
    const outbound = within(dialog).getByLabelText(/Outbound rate/);
    expect(outbound).toHaveValue('0.0145');
    await retype(outbound, '0.03');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetch, 'PUT /api/admin/country-pricing/3')).toMatchObject({
      code: 'DE',
      outboundRate: '0.03',
    });
  });

  it('shows the saved rate even when a search read the old one before the save', async () => {
    // The search's first request reaches the server before the save and answers after it
    // (a busy machine): what it read is stale once the save is in, so it is asked again.
    const saved = { ...germany, outboundRate: 0.031 };
    let answerSearch: (reply: Reply) => void = () => {};
    let searches = 0;
    show({
      'GET /api/admin/country-pricing?search=Germany&status=&page=1&pageSize=20': () => {
        searches += 1;
        if (searches > 1) return listPage([saved]);
        return new Promise((resolve) => (answerSearch = resolve));
      },
      'PUT /api/admin/country-pricing/3': ok({ item: saved }),
    });
    await findRow('Germany');
    await userEvent.type(screen.getByPlaceholderText('Search countries...'), 'Germany');
    await waitFor(() => expect(searches).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Germany' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Germany' });
    await retype(within(dialog).getByLabelText(/Outbound rate/), '0.031');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Germany saved')).toBeInTheDocument();
    answerSearch(listPage([germany]));
    await waitFor(() => expectShows(rowOf('Germany'), ['$0.031/min']));
  });

  it('deletes a row after a confirmation', async () => {
    const { fetch } = show({ 'DELETE /api/admin/country-pricing/4': { status: 204 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Japan' }));
    await answerDialog('Delete Country', 'Delete Japan (JP)?', 'Delete');
    expect(await screen.findByText('Japan deleted')).toBeInTheDocument();
    expect(calls(fetch)).toContain('DELETE /api/admin/country-pricing/4');
  });
});
