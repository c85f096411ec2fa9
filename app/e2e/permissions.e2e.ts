// Geo permissions in the browser: the administrator narrows the countries new accounts
// may call, a new client asks for one outside them on the Permissions page, and the
// administrator grants it from the admin Permissions page.
import { describe, expect, test } from 'vitest';
import { newClient, openSignedIn, openSignedInAt } from './accounts';
import { api, DEMO_ADMIN, loginToken } from './api';
import { sharedBrowser } from './browser';

const browser = sharedBrowser();
const PASSWORD = 'permissions-e2e-1';

type Lists = { voiceCountries: string; smsCountries: string; highRiskPrefixes: string };

describe('permissions', () => {
  test('a new client asks for a country outside the defaults and the admin grants it', async () => {
    const token = await loginToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const saved = await api<Lists>('GET', '/admin/permissions', undefined, token);
    try {
      const admin = await openSignedInAt(
        browser(),
        DEMO_ADMIN,
        '/admin/permissions',
        'Permissions',
      );
      const voice = admin.page.getByLabel('Countries new accounts may call');
      await voice.fill('us ca');
      await admin.page.getByRole('button', { name: 'Save lists' }).click();
      await admin.page.getByText('Permissions saved').waitFor();
      expect(await voice.inputValue()).toBe('CA US');

      const client = await newClient('Greta Geo', PASSWORD, 'e2e-permissions');
      const { page } = await openSignedIn(browser(), client.email, PASSWORD);
      await page.goto('/client');
      await page.getByRole('link', { name: 'Permissions' }).click();
      await page.getByRole('heading', { name: 'Permissions', level: 1 }).waitFor();
      const germany = page.getByRole('row').filter({ hasText: 'Germany' });
      await germany.getByText('blocked').first().waitFor();
      await germany.getByRole('button', { name: 'Ask for calls to Germany' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ask for Germany' });
      await dialog.getByLabel(/Why do you need it/).fill('Suppliers in Berlin');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await page.getByText(/Request sent/).waitFor();
      await germany.getByText('requested').waitFor();

      await admin.page.reload();
      const request = admin.page.getByRole('row').filter({ hasText: client.email });
      await request.getByText('Suppliers in Berlin').waitFor();
      await request.getByRole('button', { name: /^Grant/ }).click();
      await admin.page.getByText(`Granted: DE for ${client.email}`).waitFor();

      await page.reload();
      await germany.getByRole('button', { name: 'Turn off calls to Germany' }).waitFor();
    } finally {
      await api(
        'PUT',
        '/admin/permissions',
        {
          voiceCountries: saved.voiceCountries,
          smsCountries: saved.smsCountries,
          highRiskPrefixes: saved.highRiskPrefixes,
        },
        token,
      );
    }
  });
});
