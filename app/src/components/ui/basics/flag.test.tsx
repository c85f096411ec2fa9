import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { flagUrls } from '../../flags/flag-urls';
import { Flag, flagCode } from './flag';

// The flag map is a lazy chunk of 259 SVG imports: slow to transform under load.
const LOAD = { timeout: 10_000 };

describe('flagCode', () => {
  it('finds the SVG flag by the country code, in any case', () => {
    expect(flagCode(flagUrls, 'US')).toBe('US');
    expect(flagCode(flagUrls, ' de ')).toBe('DE');
  });

  it('draws the United Kingdom\'s flag for the product\'s "UK"', () => {
    expect(flagCode(flagUrls, 'UK')).toBe('GB');
  });

  it('falls back to the letters of an emoji flag, and to nothing', () => {
    expect(flagCode(flagUrls, 'XX', '🇯🇵')).toBe('JP');
    expect(flagCode(flagUrls, 'XX', '')).toBeNull();
    expect(flagCode(flagUrls, 'XX', 'JP')).toBeNull();
    expect(flagCode(flagUrls, '', '🏳️')).toBeNull();
  });

  it('knows the flag of every country the product sells or prices', () => {
    for (const code of ['US', 'UK', 'DE', 'FR', 'AU', 'JP', 'CA', 'BR', 'CN', 'IN']) {
      expect(flagCode(flagUrls, code), code).not.toBeNull();
    }
  });
});

describe('Flag', () => {
  it('is a grey box of the same size until the list of flags has loaded', async () => {
    vi.resetModules();
    const fresh = await import('./flag');
    const { container } = render(<fresh.Flag code="FR" size="lg" />);
    const box = container.firstElementChild!;
    expect(box.tagName).toBe('SPAN');
    expect(box).toHaveAttribute('data-flag', 'loading');
    expect(box).toHaveClass('h-6', 'w-9');
    const img = await vi.waitFor(() => {
      const found = container.querySelector('img');
      if (!found) throw new Error('no image yet');
      return found;
    }, LOAD);
    expect(img).toHaveClass('h-6', 'w-9');
    expect(img).toHaveAttribute('width', '36');
    expect(img).toHaveAttribute('height', '24');
  });

  it('is an SVG image named by its label', async () => {
    render(<Flag code="DE" label="Germany" />);
    const img = await vi.waitFor(() => {
      const found = screen.getByRole('img', { name: 'Germany' });
      expect(found.tagName).toBe('IMG');
      return found;
    }, LOAD);
    expect(img).toHaveAttribute('src', expect.stringMatching(/DE\.svg/));
    expect(img).toHaveAttribute('data-flag', 'DE');
    expect(img).not.toHaveAttribute('aria-hidden');
  });

  it('is hidden from assistive technology without a label (the name is next to it)', async () => {
    const { container } = render(
      <p>
        <Flag code="UK" /> United Kingdom
      </p>,
    );
    const img = await vi.waitFor(() => {
      const found = container.querySelector('img[data-flag="GB"]');
      if (!found) throw new Error('no image yet');
      return found;
    }, LOAD);
    expect(screen.queryByRole('img')).toBeNull();
    expect(img).toHaveAttribute('aria-hidden', 'true');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('src', expect.stringMatching(/GB\.svg/));
    expect(container).toHaveTextContent(/^United Kingdom$/);
  });

  it('never draws the emoji: a code without a flag gets a neutral box', async () => {
    const { container } = render(<Flag code="ZZ" emoji="🏴‍☠️" label="Nowhere" />);
    await vi.waitFor(
      () => expect(container.firstElementChild).toHaveAttribute('data-flag', 'none'),
      LOAD,
    );
    const box = screen.getByRole('img', { name: 'Nowhere' });
    expect(box.tagName).toBe('SPAN');
    expect(container.textContent).toBe('');
  });
});
