import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calls, keepsBody, mockServer, ok, refusal } from '../../../test/mock-api';
import { clientAuth, renderWithToasts } from '../../../test/render';
import { CallerIdRuleForm } from './caller-id-rule';

const server = mockServer({ 'GET /api/sip/caller-id-rule': ok({ replace: false }) });

function renderForm() {
  renderWithToasts(<CallerIdRuleForm />, { route: '/client/sip-devices', auth: clientAuth() });
}

describe('Caller ID rule', () => {
  it("shows refusing as chosen and saves sending the device's caller ID at once", async () => {
    const put = keepsBody(() => ok({ replace: true }));
    const fetch = server({ 'PUT /api/sip/caller-id-rule': put.route });
    renderForm();
    const refuse = await screen.findByRole('radio', { name: /Refuse the call/ });
    const replace = screen.getByRole('radio', { name: /Send it with the device's caller ID/ });
    expect(refuse).toBeChecked();
    await userEvent.click(replace);
    expect(await screen.findByText('Caller ID rule saved')).toBeInTheDocument();
    expect(put.sent()).toEqual({ replace: true });
    expect(replace).toBeChecked();
    expect(calls(fetch)).toContain('PUT /api/sip/caller-id-rule');
  });

  it('keeps the rule as it was when the save fails, and says so', async () => {
    server({ 'PUT /api/sip/caller-id-rule': refusal(500, 'Something went wrong') });
    renderForm();
    const replace = await screen.findByRole('radio', { name: /Send it with/ });
    await userEvent.click(replace);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Refuse the call/ })).toBeChecked(),
    );
    expect(replace).not.toBeChecked();
  });

  it('says when the rule cannot be loaded', async () => {
    server({ 'GET /api/sip/caller-id-rule': refusal(500, 'down') });
    renderForm();
    expect(await screen.findByText('Could not load your caller ID rule.')).toBeInTheDocument();
  });
});
