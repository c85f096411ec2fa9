import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/ui/feedback/toast-host';
import { calls, mockApi, ok, refusal, type Reply, type Routes } from '../../../test/mock-api';
import { fakeAuth, renderWithProviders } from '../../../test/render';
import { BuyNumberPage } from './buy-number-page';
import { expectChargeFailure } from '../../../test/charge-failure';
import { expectFlag } from '../../../test/queries';

const countries = [
  {
    id: 1,
    name: 'United States',
    code: 'US',
    flag: '🇺🇸',
    mobile: true,
    landline: true,
    tollfree: true,
  },
  { id: 7, name: 'Japan', code: 'JP', flag: '🇯🇵', mobile: true, landline: false, tollfree: true },
];

const usMobile = [
  {
    id: 12,
    number: '+14155550100',
    type: 'mobile',
    price: 2.99,
    setup: 1,
    capabilities: ['voice', 'sms'],
  },
  {
    id: 13,
    number: '+14155550101',
    type: 'mobile',
    price: 2.99,
    setup: 1,
    capabilities: ['voice', 'sms'],
  },
];

const bought = {
  id: 40,
  number: '+14155550100',
  country: 'United States',
  countryCode: 'US',
  flag: '🇺🇸',
  type: 'Mobile',
  purchaseDate: '2025-03-01T00:00:00Z',
  expiryDate: '2025-03-31T00:00:00Z',
  daysRemaining: 30,
  status: 'active',
  monthlyFee: 2.99,
  autoRenew: true,
};

function server(extra: Routes = {}) {
  return mockApi({
    'GET /api/numbers/countries': ok({ countries }),
    'GET /api/numbers/available?country=US&type=mobile': ok({ numbers: usMobile, setupFee: 1 }),
    'GET /api/numbers/available?country=US&type=tollfree': ok({ numbers: [], setupFee: 1 }),
    ...extra,
  });
}

function renderPage() {
  const auth = fakeAuth();
  renderWithProviders(
    <>
      <BuyNumberPage />
      <ToastHost />
    </>,
    { route: '/client/buy-number', auth },
  );
  return auth;
}

function currentStep() {
  return screen
    .getByRole('navigation', { name: 'Purchase progress' })
    .querySelector('[aria-current="step"]');
}

const usMobileList = 'GET /api/numbers/available?country=US&type=mobile';

/** Opens the list of US mobile numbers and waits for it. */
async function openUsMobileList() {
  await userEvent.click(await screen.findByRole('button', { name: /United States/ }));
  await userEvent.click(screen.getByRole('button', { name: /^Mobile/ }));
  await screen.findByRole('button', { name: /\+14155550100/ });
}

async function chooseUsMobileNumber() {
  await userEvent.click(await screen.findByRole('button', { name: /United States/ }));
  await userEvent.click(screen.getByRole('button', { name: /^Mobile/ }));
  await userEvent.click(await screen.findByRole('button', { name: /\+14155550100/ }));
}

/** Picks the US mobile number and confirms it, the server answering the purchase with
 * `reply`; the stubbed fetch, and the auth the page was given. */
async function buyUsMobileNumber(reply: Reply) {
  const fetch = server({ 'POST /api/numbers/purchase': reply });
  const auth = renderPage();
  await chooseUsMobileNumber();
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  return { fetch, auth };
}

describe('Buy number wizard', () => {
  afterEach(() => {
    act(() => toast.remove());
  });

  it("offers a verified trial account's first number free until the trial ends", async () => {
    server({
      'GET /api/trial': ok({
        status: 'active',
        active: true,
        endsAt: '2026-12-05T09:00:00Z',
        daysLeft: 7,
        credit: 5,
        offeredCredit: 5,
        verifiedNumbers: ['+14155550177'],
        numberOffer: true,
        trialNumber: null,
      }),
    });
    renderPage();
    await chooseUsMobileNumber();
    const summary = screen.getByText('Total due today').closest('dl')!;
    expect(within(summary).getByText('Free during your trial, then $2.99')).toBeInTheDocument();
    expect(within(summary).getByText('Free')).toBeInTheDocument();
    expect(within(summary).getByText('$0.00')).toBeInTheDocument();
    expect(screen.getByText(/This is your free trial number until/)).toBeInTheDocument();
  });

  it('walks from country to type to number and shows the total from core', async () => {
    server();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Select Country' })).toBeInTheDocument();
    expect(currentStep()).toHaveTextContent('Select Country');

    const us = await screen.findByRole('button', { name: /United States/ });
    await expectFlag(us, 'US');
    expect(us).not.toHaveTextContent('🇺🇸');
    await userEvent.click(us);
    expect(screen.getByRole('heading', { name: 'Number Type' })).toHaveFocus();
    expect(currentStep()).toHaveTextContent('Number Type');

    await userEvent.click(screen.getByRole('button', { name: /^Mobile/ }));
    expect(screen.getByRole('heading', { name: 'Choose Number' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /\+14155550100/ }));

    expect(screen.getByRole('heading', { name: 'Confirm' })).toBeInTheDocument();
    const country = screen.getByText('Country').nextSibling as HTMLElement;
    expect(country).toHaveTextContent(/^United States$/);
    await expectFlag(country, 'US');
    const summary = screen.getByText('Total due today').closest('div')!;
    expect(within(summary).getByText('$3.99')).toBeInTheDocument();
    expect(screen.getByText('Monthly fee').nextSibling).toHaveTextContent('$2.99');
    expect(screen.getByText('One-time setup fee').nextSibling).toHaveTextContent('$1.00');
    expect(screen.getByText(/bills monthly until cancelled/)).toBeInTheDocument();
  });

  it('goes back one step at a time and keeps the chosen type', async () => {
    server();
    renderPage();
    await chooseUsMobileNumber();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Choose Number' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Number Type' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Mobile/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Select Country' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('disables the types a country does not offer', async () => {
    server();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Japan/ }));
    expect(screen.getByRole('button', { name: /^Landline/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Landline/ })).toHaveAccessibleDescription(
      'Not available in Japan',
    );
    expect(screen.getByRole('button', { name: /^Mobile/ })).toBeEnabled();
  });

  it('shows "No numbers available" and lets the buyer try a different type', async () => {
    server();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /United States/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Toll-Free/ }));
    expect(await screen.findByText('No numbers available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try a different type' }));
    expect(screen.getByRole('heading', { name: 'Number Type' })).toBeInTheDocument();
  });

  it('searches by area code or prefix and lists the numbers that match', async () => {
    const sanFrancisco = {
      id: 14,
      number: '+14158675309',
      type: 'mobile',
      price: 2.99,
      setup: 1,
      capabilities: ['voice', 'sms'],
    };
    const fetch = server({
      [`${usMobileList}&prefix=415`]: ok({ numbers: [sanFrancisco], setupFee: 1 }),
    });
    renderPage();
    await openUsMobileList();
    const prefix = screen.getByLabelText('Area code or prefix');
    expect(prefix).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(prefix, '415');
    expect(await screen.findByRole('button', { name: /\+14158675309/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /\+14155550100/ })).toBeNull();
    expect(calls(fetch)).toContain(`${usMobileList}&prefix=415`);
    expect(calls(fetch).filter((c) => c.startsWith(`${usMobileList}&`))).toEqual([
      `${usMobileList}&prefix=415`,
    ]);
  });

  it('searches for numbers containing digits or keypad letters', async () => {
    const fetch = server({
      [`${usMobileList}&contains=CALL`]: ok({ numbers: [usMobile[1]], setupFee: 1 }),
    });
    renderPage();
    await openUsMobileList();
    const contains = screen.getByLabelText('Contains');
    expect(contains).toHaveAccessibleDescription('Digits or letters, e.g. 555 or CALL');
    await userEvent.type(contains, 'CALL');
    await waitFor(() => expect(screen.queryByRole('button', { name: /\+14155550100/ })).toBeNull());
    expect(screen.getByRole('button', { name: /\+14155550101/ })).toBeInTheDocument();
    expect(calls(fetch)).toContain(`${usMobileList}&contains=CALL`);
  });

  it("shows the server's message under the search field it refused", async () => {
    server({
      [`${usMobileList}&prefix=4x`]: refusal(400, 'The search is not valid', {
        prefix: 'Enter up to 10 digits of an area code or prefix',
      }),
    });
    renderPage();
    await openUsMobileList();
    const prefix = screen.getByLabelText('Area code or prefix');
    await userEvent.type(prefix, '4x');
    await waitFor(() =>
      expect(prefix).toHaveAccessibleDescription('Enter up to 10 digits of an area code or prefix'),
    );
    expect(prefix).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('The search is not valid')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('lists what each number can do and searches by capability at once', async () => {
    const fetch = server({
      [`${usMobileList}&capability=sms`]: ok({ numbers: [usMobile[0]], setupFee: 1 }),
    });
    renderPage();
    await openUsMobileList();
    const first = await screen.findByRole('button', { name: /\+14155550100/ });
    expect(first).toHaveTextContent('Voice · SMS');
    await userEvent.selectOptions(screen.getByLabelText('Can do'), 'SMS');
    await waitFor(() => expect(screen.queryByRole('button', { name: /\+14155550101/ })).toBeNull());
    expect(calls(fetch)).toContain(`${usMobileList}&capability=sms`);
  });

  it('says when a search finds nothing, not that the type has no numbers', async () => {
    server({ [`${usMobileList}&contains=999`]: ok({ numbers: [], setupFee: 1 }) });
    renderPage();
    await openUsMobileList();
    await userEvent.type(screen.getByLabelText('Contains'), '999');
    expect(await screen.findByText('No numbers match your search')).toBeInTheDocument();
    expect(screen.queryByText('No numbers available')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try a different type' })).toBeNull();
  });

  it('drops the chosen number when a search leaves it out', async () => {
    server({ [`${usMobileList}&contains=0101`]: ok({ numbers: [usMobile[1]], setupFee: 1 }) });
    renderPage();
    await chooseUsMobileNumber();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /\+14155550100/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const contains = screen.getByLabelText('Contains');
    await userEvent.type(contains, '0101');
    await waitFor(() => expect(screen.queryByRole('button', { name: /\+14155550100/ })).toBeNull());
    await userEvent.clear(contains);
    expect(await screen.findByRole('button', { name: /\+14155550100/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('starts the list of another type without the search', async () => {
    const fetch = server({
      [`${usMobileList}&prefix=415`]: ok({ numbers: usMobile, setupFee: 1 }),
    });
    renderPage();
    await openUsMobileList();
    await userEvent.type(screen.getByLabelText('Area code or prefix'), '415');
    await waitFor(() => expect(calls(fetch)).toContain(`${usMobileList}&prefix=415`));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: /^Toll-Free/ }));
    expect(await screen.findByText('No numbers available')).toBeInTheDocument();
    expect(screen.getByLabelText('Area code or prefix')).toHaveValue('');
    expect(calls(fetch).filter((c) => c.includes('type=tollfree'))).toEqual([
      'GET /api/numbers/available?country=US&type=tollfree',
    ]);
  });

  it('buys the number, announces it, refreshes the balance and starts over', async () => {
    const { fetch, auth } = await buyUsMobileNumber({
      status: 201,
      body: { number: bought, balance: 16.01 },
    });

    expect(
      await screen.findByText('Number +14155550100 purchased successfully!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Select Country' })).toBeInTheDocument();
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());

    const purchase = fetch.mock.calls.find(([url]) => String(url) === '/api/numbers/purchase');
    expect(JSON.parse(String(purchase?.[1]?.body))).toEqual({ numberId: 12 });
    const headers = purchase?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows a shortfall inline with a link to add funds', async () => {
    await buyUsMobileNumber(refusal(402, 'Insufficient balance: $3.99 needed, $1.00 available'));
    await expectChargeFailure('Insufficient balance: $3.99 needed, $1.00 available');
    expect(screen.getByRole('heading', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('goes back to the list and reloads it when the number was taken meanwhile', async () => {
    const { fetch } = await buyUsMobileNumber(
      refusal(409, 'This number was just taken. Please choose another one.'),
    );
    expect(
      await screen.findByText('This number was just taken. Please choose another one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose Number' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls(fetch).filter((c) => c === 'GET /api/numbers/available?country=US&type=mobile'),
      ).toHaveLength(2),
    );
  });
});
