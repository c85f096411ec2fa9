import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calls, listPage, mockApi, ok } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { AddRangeDialog } from './add-range-dialog';
import { retype } from '../../../test/forms';
import { expectShows } from '../../../test/queries';

const countries = listPage(
  [{ id: 1, country: 'United States', code: 'US', flag: 'US', status: 'active' }],
  1,
  1,
  100,
);

describe('Add a range of numbers', () => {
  it('checks the form with core, previews the range, then adds only the new numbers', async () => {
    const bodies: unknown[] = [];
    const fetch = mockApi({
      'GET /api/admin/country-pricing?page=1&pageSize=100': countries,
      'POST /api/admin/phones/range': (init) => {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        return ok({
          added: ['+14155550301', '+14155550302'],
          alreadyInInventory: ['+14155550300'],
          applied: body.apply,
        });
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<AddRangeDialog onClose={onClose} />, { route: '/admin/phones' });
    const dialog = screen.getByRole('dialog', { name: 'Add a Range of Numbers' });
    await retype(within(dialog).getByLabelText('How many'), '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expectShows(dialog, ['Number is required', 'Count must be between 1 and 1000']);
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('First number (E.164)'), '+14155550300');
    await retype(within(dialog).getByLabelText('How many'), '3');
    await waitFor(() => expect(within(dialog).getByLabelText('Country')).toBeEnabled());
    await userEvent.selectOptions(within(dialog).getByLabelText('Country'), 'US');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('status');
    expect(preview).toHaveTextContent('2 new numbers will be added');
    expect(preview).toHaveTextContent('1 already in the inventory: +14155550300');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 Numbers' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      { first: '+14155550300', count: '3', countryCode: 'US', type: 'mobile', apply: false },
      { first: '+14155550300', count: '3', countryCode: 'US', type: 'mobile', apply: true },
    ]);
  });
});
