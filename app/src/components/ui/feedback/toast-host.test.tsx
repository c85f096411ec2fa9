import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './toast-host';

describe('ToastHost', () => {
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('shows a success for 2 s and an error for 4 s', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => {
      toast.success('Saved');
      toast.error('Broken');
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    // A dismissed toast leaves the DOM one second after its duration ends.
    act(() => vi.advanceTimersByTime(2100));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Broken')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Broken')).toBeNull();
  });

  it('keeps at most 20 notices visible', () => {
    render(<ToastHost />);
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`Notice ${i}`);
    });
    expect(screen.getAllByText(/^Notice \d+$/).length).toBeLessThanOrEqual(20);
    expect(screen.getByText('Notice 25')).toBeInTheDocument();
  });
});
