import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, listPage, ok, refusal } from '../../../test/mock-api';
import { pageTest } from '../../../test/render';
import { PhonesPage } from './phones-page';
import {
  bodyOf,
  chooseRowAction,
  expectCalled,
  expectSearchThenFilters,
  findRow,
  optionTexts,
  rowOf,
  expectShows,
} from '../../../test/queries';
import { retype } from '../../../test/forms';

const phone = {
  id: 3,
  number: '+14155550100',
  country: 'United States',
  countryCode: 'US',
  type: 'mobile',
  status: 'active',
  assignedTo: 'casey@example.com',
  monthlyFee: 2.99,
  purchaseDate: '2025-03-01T00:00:00Z',
  addedDate: '2025-01-10T12:00:00Z',
};

const spare = {
  ...phone,
  id: 4,
  number: '+14155550999',
  status: 'available',
  assignedTo: null,
  purchaseDate: null,
};

const countryRows = listPage(
  [
    { id: 1, country: 'United States', code: 'US', flag: '🇺🇸', status: 'active' },
    { id: 2, country: 'Germany', code: 'DE', flag: '🇩🇪', status: 'active' },
  ],
  2,
  1,
  100,
);

const show = pageTest(
  <PhonesPage />,
  { route: '/admin/phones', toasts: true },
  {
    'GET /api/admin/phones?search=&type=&status=&page=1&pageSize=20': listPage([phone, spare]),
    'GET /api/admin/country-pricing?page=1&pageSize=100': countryRows,
  },
);

describe('Manage phone numbers page', () => {
  it('shows the inventory with badges, holders and fees', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Manage Phone Numbers' })).toBeInTheDocument();
    const row = await findRow('+14155550100');
    expect(within(row).getByText('active')).toHaveClass('bg-green-100');
    expectShows(row, ['casey@example.com', '$2.99']);
    expect(within(row).getByText(/Added/)).toHaveTextContent('Added Jan 10, 2025');
    const spareRow = rowOf('+14155550999');
    expect(within(spareRow).getByText('Unassigned')).toBeInTheDocument();
    expect(within(spareRow).getByText('available')).toHaveClass('bg-slate-100');
    expect(screen.getByText('Showing 1 to 2 of 2')).toBeInTheDocument();
  });

  it('builds the query string from the search and both filters', async () => {
    const urls = [
      'GET /api/admin/phones?search=415&type=&status=&page=1&pageSize=20',
      'GET /api/admin/phones?search=415&type=tollfree&status=&page=1&pageSize=20',
      'GET /api/admin/phones?search=415&type=tollfree&status=expired&page=1&pageSize=20',
    ];
    const { fetch } = show({
      [urls[0]]: listPage([phone]),
      [urls[1]]: listPage([]),
      [urls[2]]: listPage([]),
    });
    await screen.findByText('+14155550100');
    await expectSearchThenFilters(
      fetch,
      [screen.getByPlaceholderText('Search numbers...'), '415'],
      [
        ['Type', ['All Types', 'Mobile', 'Landline', 'Toll-Free'], 'Toll-Free'],
        [
          'Status',
          ['All Status', 'Active', 'Reserved', 'Inactive', 'Available', 'Expired'],
          'Expired',
        ],
      ],
      urls,
      'No numbers match these filters',
    );
  });

  it('adds a number, checked by core first and then by the server', async () => {
    let attempts = 0;
    const { fetch } = show({
      'POST /api/admin/phones': (init) => {
        attempts += 1;
        if (attempts === 1) {
          return refusal(409, 'This number is already in the inventory');
        }
        return { status: 201, body: { item: { ...spare, ...JSON.parse(String(init.body)) } } };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add New Number' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Number' });
    const number = within(dialog).getByLabelText('Number (E.164)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Number' }));
    expectShows(dialog, ['Number is required', 'Choose a country']);
    await userEvent.type(number, '4155550999');
    expect(
      within(dialog).getByText('Enter the number in international format, e.g. +14155550123'),
    ).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);

    await retype(number, '+14155550999');
    await waitFor(() => expect(within(dialog).getByLabelText('Country')).toBeEnabled());
    // A select's options are text only: no emoji flags (Windows shows them as letters).
    expect(optionTexts(within(dialog).getByLabelText('Country')).slice(-2)).toEqual([
      'United States (US)',
      'Germany (DE)',
    ]);
    await userEvent.selectOptions(within(dialog).getByLabelText('Country'), 'US');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Number' }));
    expect(
      await within(dialog).findByText('This number is already in the inventory'),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Number' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = fetch.mock.calls.filter(([url]) => String(url) === '/api/admin/phones');
    expect(JSON.parse(String(posts[1][1]?.body))).toEqual({
      number: '+14155550999',
      countryCode: 'US',
      type: 'mobile',
    });
  });

  it('deactivates a number only after a confirmation', async () => {
    const { fetch } = show({
      'POST /api/admin/phones/3/deactivate': ok({ item: { ...phone, status: 'inactive' } }),
    });
    const toggle = await screen.findByRole('button', { name: 'Actions for +14155550100' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    expect(calls(fetch)).not.toContain('POST /api/admin/phones/3/deactivate');
    const dialog = screen.getByRole('dialog', { name: 'Deactivate' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await expectCalled(fetch, 'POST /api/admin/phones/3/deactivate');
    expect(await screen.findByText('+14155550100 deactivated')).toBeInTheDocument();
  });

  it('reassigns to an e-mail and shows an unknown e-mail under the field', async () => {
    show({
      'POST /api/admin/phones/4/reassign': refusal(404, 'No user with this e-mail'),
    });
    await chooseRowAction('+14155550999', 'Reassign Number');
    const dialog = screen.getByRole('dialog', { name: 'Reassign Number' });
    await userEvent.type(within(dialog).getByLabelText('Customer e-mail'), 'nobody@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Reassign +14155550999 to nobody@example.com?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign Number' }));
    expect(await within(dialog).findByText('No user with this e-mail')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Customer e-mail')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('returns a number to the inventory with a null e-mail', async () => {
    const { fetch } = show({
      'POST /api/admin/phones/3/reassign': ok({ item: { ...phone, assignedTo: null } }),
    });
    await chooseRowAction('+14155550100', 'Reassign Number');
    const dialog = screen.getByRole('dialog', { name: 'Reassign Number' });
    await userEvent.click(within(dialog).getByLabelText('Return to inventory'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to inventory' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(fetch, 'POST /api/admin/phones/3/reassign')).toEqual({ email: null });
  });
});
