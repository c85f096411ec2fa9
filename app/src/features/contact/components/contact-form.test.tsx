import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ContactForm } from './contact-form';
import { fill } from '../../../test/forms';

describe('Contact form', () => {
  it('validates through core on submit, then live as the user types', async () => {
    const fetch = mockApi({});
    renderWithProviders(<ContactForm />);
    await fill({ Name: 'Ada' });
    expect(screen.queryByText('Email is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ada at example');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the message, shows the answer and resets the form', async () => {
    const success = vi.spyOn(toast, 'success');
    const fetch = mockApi({
      'POST /api/contact': { status: 201, body: { message: 'Thanks, we will be in touch.' } },
    });
    renderWithProviders(<ContactForm />);
    await fill({
      Name: 'Ada',
      Email: 'ada@example.com',
      Subject: 'Numbers',
      Message: 'Do you have Swiss numbers?',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks, we will be in touch.');
    expect(success).toHaveBeenCalledWith('Thanks, we will be in touch.');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Numbers',
      message: 'Do you have Swiss numbers?',
    });
    success.mockRestore();
  });

  it("shows the server's field errors and its 429 message", async () => {
    const error = vi.spyOn(toast, 'error');
    let status = 400;
    mockApi({
      'POST /api/contact': () =>
        status === 400
          ? {
              status,
              body: { message: 'Invalid input', errors: { subject: 'Subject is too long' } },
            }
          : { status, body: { message: 'Too many messages. Try again in an hour.' } },
    });
    renderWithProviders(<ContactForm />);
    await fill({ Name: 'Ada', Email: 'ada@example.com', Subject: 'Hi', Message: 'Hello' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Subject is too long')).toBeInTheDocument();
    status = 429;
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Too many messages. Try again in an hour.'),
    );
    error.mockRestore();
  });
});
