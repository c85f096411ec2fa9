import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, ok, refusal } from '../../../test/mock-api';
import { pageTest } from '../../../test/render';
import { PackagesPage } from './packages-page';
import { bodyOf, chooseRowAction, expectCalled, expectShows } from '../../../test/queries';
import { retype } from '../../../test/forms';

const basic = {
  id: 1,
  name: 'Basic',
  minutes: 100,
  price: 19.99,
  validity: 30,
  features: ['Outbound calls', 'Email support'],
  status: 'active',
  subscribers: 12,
};

const legacy = { ...basic, id: 2, name: 'Legacy', status: 'inactive', subscribers: 0 };

const show = pageTest(
  <PackagesPage />,
  { route: '/admin/packages', toasts: true },
  {
    'GET /api/admin/packages': ok({ items: [basic, legacy] }),
  },
);

describe('Manage packages page', () => {
  it('shows each package as a card', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Manage Packages' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Basic' });
    expectShows(card, ['$19.99', '100', '30 days', '12']);
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Outbound calls', 'Email support']);
    expect(within(card).getByText('active')).toHaveClass('bg-green-100');
    const old = screen.getByRole('article', { name: 'Legacy' });
    expect(within(old).getByText('inactive')).toHaveClass('bg-red-100');
  });

  it('creates a package with one feature per line, checked by core and the server', async () => {
    let attempts = 0;
    const { fetch } = show({
      'POST /api/admin/packages': () => {
        attempts += 1;
        return attempts === 1
          ? refusal(400, 'Invalid', { name: 'A package with this name exists' })
          : { status: 201, body: { item: { ...basic, id: 3, name: 'Gold Plus' } } };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add New Package' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Package' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Gold');
    await userEvent.type(within(dialog).getByLabelText('Minutes'), '2000');
    await userEvent.type(within(dialog).getByLabelText('Validity (days)'), '400');
    await userEvent.type(within(dialog).getByLabelText('Features'), 'Calls{enter}{enter}SMS ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Package' }));
    expectShows(dialog, ['Price is required', 'Validity must be between 1 and 365']);
    await userEvent.type(within(dialog).getByLabelText('Price (USD)'), '149.999');
    expect(within(dialog).getByText('Price can have at most 2 decimal places')).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('POST'))).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Price (USD)'), '{backspace}');
    await retype(within(dialog).getByLabelText('Validity (days)'), '90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Package' }));
    expect(await within(dialog).findByText('A package with this name exists')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Name'), ' Plus');
    expect(within(dialog).queryByText('A package with this name exists')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Package' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posts[1][1]?.body))).toEqual({
      name: 'Gold Plus',
      minutes: 2000,
      price: '149.99',
      validity: 90,
      features: ['Calls', 'SMS'],
      status: 'active',
    });
  });

  it('edits a package from a prefilled form', async () => {
    const { fetch } = show({
      'PUT /api/admin/packages/1': ok({ item: { ...basic, minutes: 150 } }),
    });
    await chooseRowAction('Basic', 'Edit Package');
    const dialog = screen.getByRole('dialog', { name: 'Edit Package' });
    expect(within(dialog).getByLabelText('Features')).toHaveValue('Outbound calls\nEmail support');
    await retype(within(dialog).getByLabelText('Minutes'), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectCalled(fetch, 'PUT /api/admin/packages/1');
    expect(bodyOf(fetch, 'PUT /api/admin/packages/1')).toMatchObject({
      minutes: 150,
      price: '19.99',
    });
  });

  it("confirms a delete and shows the server's message", async () => {
    const { fetch } = show({
      'DELETE /api/admin/packages/1': ok({
        deleted: false,
        message: 'Basic has active subscribers, so it was deactivated instead of deleted',
      }),
    });
    await chooseRowAction('Basic', 'Delete Package');
    expect(calls(fetch)).not.toContain('DELETE /api/admin/packages/1');
    const dialog = screen.getByRole('dialog', { name: 'Delete Package' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Package' }));
    expect(
      await screen.findByText(
        'Basic has active subscribers, so it was deactivated instead of deleted',
      ),
    ).toBeInTheDocument();
  });
});
