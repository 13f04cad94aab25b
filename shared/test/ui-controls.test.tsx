import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog, Button, Field, PageHeader, Spinner } from '../src/ui/index.ts';

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

describe('Button', () => {
  it('is a type=button by default and forwards props', () => {
    const onClick = vi.fn();
    render(
      <Button variant="primary" size="small" onClick={onClick} data-x="1">
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.type).toBe('button');
    expect(button.className).toBe('bo-btn bo-btn--primary bo-btn--small');
    expect(button.dataset.x).toBe('1');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalled();
  });

  it('loading shows a spinner and disables', () => {
    render(
      <Button loading icon={<i>+</i>}>
        Creating...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Creating...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector('.bo-btn__spinner')).not.toBeNull();
    expect(button.querySelector('i')).toBeNull();
  });
});

describe('PageHeader, Field and Spinner', () => {
  it('PageHeader shows the title, breadcrumb and actions', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Withdrawals Pending"
          subtitle="Review requests"
          breadcrumb={[{ label: 'Home', to: '/' }, { label: 'Withdrawals' }]}
          actions={<Button>Refresh</Button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawals Pending' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Withdrawals').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('Field labels its control and shows the error the control is described by', () => {
    render(
      <Field label="Email" htmlFor="email" error="Email is required">
        <input id="email" aria-describedby="email-error" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Email is required');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('Spinner is a labelled status', () => {
    render(<Spinner size="large" label="Loading withdrawals" />);
    expect(screen.getByRole('status').textContent).toContain('Loading withdrawals');
  });
});

describe('AlertDialog', () => {
  function renderDialog(busy = false) {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <AlertDialog
        open
        title="Approve Withdrawal"
        message="Approve 12.5 USDT to 0xabc for alice?"
        confirmLabel="Approve"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    return { onConfirm, onCancel };
  }

  it('is an alert dialog described by its question, with Cancel focused', async () => {
    const { onConfirm } = renderDialog();
    const dialog = await screen.findByRole('alertdialog');
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
      'Approve 12.5 USDT to 0xabc for alice?',
    );
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('Esc cancels, unless the action is under way', async () => {
    const { onCancel } = renderDialog();
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(onCancel).toHaveBeenCalledOnce());
    cleanup();
    const busy = renderDialog(true);
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    expect(busy.onCancel).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
