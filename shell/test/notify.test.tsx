import { ApiError } from '@backoffice/shared/host';
import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../src/notify.ts';

describe('error toasts (issue 21: a reference support can find the log line by)', () => {
  afterEach(() => notify.dismiss());

  it("shows the failed answer's request id under the message", async () => {
    render(<ToastContainer />);
    const id = '0b6f2d1e-2a8c-4d6f-b1e4-7c3a9e5d4f21';
    notify.error(
      'Failed to export',
      new ApiError('Boom', { status: 500, kind: 'bad-response', requestId: id }),
    );
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Failed to export');
    expect(toast.textContent).toContain(`Reference ${id}`);
  });

  it('shows the message alone when the failure has no reference (or there is no failure)', async () => {
    render(<ToastContainer />);
    notify.error('Network error', new ApiError('Network error', { kind: 'network' }));
    notify.error('Invalid ticket number');
    const toasts = await screen.findAllByRole('alert');
    expect(toasts.map((t) => t.textContent)).toEqual(['Network error', 'Invalid ticket number']);
  });
});
