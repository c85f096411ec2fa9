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
  features: ['Outbound calls'],
  status: 'active',
  subscribers: 12,
  includedNumbers: 1,
  ivrFlows: 0,
  ivrLevel: 'basic',
  support: 'email',
  popular: false,
  highlights: [
    '100 outbound minutes',
    '1 phone number included',
    'Basic IVR',
    'Email support',
    'Outbound calls',
  ],
  saving: 5,
  savingText: 'Saves 5% against pay as you go',
};

const legacy = {
  ...basic,
  id: 2,
  name: 'Legacy',
  status: 'inactive',
  subscribers: 0,
  saving: null,
  savingText: null,
};

const show = pageTest(
  <PackagesPage />,
  { route: '/admin/packages', toasts: true },
  {
    'GET /api/admin/packages': ok({ items: [basic, legacy] }),
  },
);

describe('Manage packages page', () => {
  it('shows each package as a card with what it includes and its saving', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Manage Packages' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Basic' });
    expectShows(card, ['$19.99', '100', '30 days', '12']);
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(basic.highlights);
    expect(within(card).getByText('Saves 5% against pay as you go')).toBeInTheDocument();
    expect(within(card).getByText('active')).toHaveClass('bg-green-100');
    const old = screen.getByRole('article', { name: 'Legacy' });
    expect(within(old).queryByText(/Saves/)).toBeNull();
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
      includedNumbers: 0,
      ivrFlows: 0,
      ivrLevel: 'basic',
      support: 'email',
      popular: false,
    });
  });

  it('edits a package from a prefilled form', async () => {
    const { fetch } = show({
      'PUT /api/admin/packages/1': ok({ item: { ...basic, minutes: 150 } }),
    });
    await chooseRowAction('Basic', 'Edit Package');
    const dialog = screen.getByRole('dialog', { name: 'Edit Package' });
    expect(within(dialog).getByLabelText('Features')).toHaveValue('Outbound calls');
    expect(within(dialog).getByLabelText('Included numbers')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Support')).toHaveValue('email');
    await retype(within(dialog).getByLabelText('Minutes'), '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectCalled(fetch, 'PUT /api/admin/packages/1');
    expect(bodyOf(fetch, 'PUT /api/admin/packages/1')).toMatchObject({
      minutes: 150,
      price: '19.99',
    });
  });

  it('takes what the plan includes, checked by core, and shows the price refusal', async () => {
    const refused =
      'A plan on sale must cost less than pay as you go: 100 minutes at the lowest rate of $0.019 a minute cost $1.90, so the price must be at most $1.89';
    let attempts = 0;
    const { fetch } = show({
      'PUT /api/admin/packages/1': () => {
        attempts += 1;
        return attempts === 1
          ? refusal(400, 'Invalid', { price: refused })
          : ok({ item: { ...basic, price: 1.5 } });
      },
    });
    await chooseRowAction('Basic', 'Edit Package');
    const dialog = screen.getByRole('dialog', { name: 'Edit Package' });
    await retype(within(dialog).getByLabelText('Included numbers'), '101');
    await retype(within(dialog).getByLabelText('Included IVR flows'), 'two');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByLabelText('Included numbers')).toHaveAccessibleDescription(/100/);
    expect(within(dialog).getByLabelText('Included IVR flows')).toHaveAccessibleDescription(/./);
    expect(calls(fetch).filter((c) => c.startsWith('PUT'))).toEqual([]);

    await retype(within(dialog).getByLabelText('Included numbers'), '3');
    await retype(within(dialog).getByLabelText('Included IVR flows'), '1');
    await userEvent.selectOptions(within(dialog).getByLabelText('IVR level'), 'Advanced');
    await userEvent.selectOptions(within(dialog).getByLabelText('Support'), 'Priority');
    await userEvent.click(within(dialog).getByLabelText('Most popular'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveAccessibleDescription(refused);
    expect(bodyOf(fetch, 'PUT /api/admin/packages/1')).toMatchObject({
      includedNumbers: 3,
      ivrFlows: 1,
      ivrLevel: 'advanced',
      support: 'priority',
      popular: true,
    });

    await retype(within(dialog).getByLabelText('Price (USD)'), '1.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
