import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Modal, TextInput } from '../src/ui/index.ts';

afterEach(cleanup);

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Update Withdrawal Status"
        onClose={close}
        footer={
          <button type="button" onClick={close}>
            Done
          </button>
        }
      >
        <TextInput aria-label="Reason" />
      </Modal>
    </>
  );
}

function openHarness(onClose = vi.fn()) {
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { onClose, opener, dialog: screen.getByRole('dialog', { name: 'Update Withdrawal Status' }) };
}

describe('Modal', () => {
  it('is a labelled modal dialog that renders nothing when closed', () => {
    const { container } = render(<Modal open={false} title="T" onClose={() => {}} />);
    expect(container.innerHTML).toBe('');
    const { dialog } = openHarness();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('focuses the first control of the body, and gives focus back on close', () => {
    const { opener } = openHarness();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Esc', () => {
    const { onClose } = openHarness();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a backdrop click but not on a click inside', () => {
    const { onClose, dialog } = openHarness();
    fireEvent.mouseDown(dialog);
    fireEvent.mouseDown(screen.getByRole('textbox'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the × button', () => {
    const { onClose } = openHarness();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', () => {
    openHarness();
    const close = screen.getByRole('button', { name: 'Close' });
    const done = screen.getByRole('button', { name: 'Done' });
    done.focus();
    fireEvent.keyDown(done, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(done);
  });
});

describe('nested dialogs', () => {
  it('the innermost one gets the focus and Esc', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Modal open title="Winners" onClose={outer}>
        <button type="button">Inside</button>
        <ConfirmDialog
          open
          title="Sure?"
          message="Really?"
          confirmLabel="Yes"
          onConfirm={() => {}}
          onCancel={inner}
        />
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog', () => {
  const base = {
    open: true,
    title: 'Delete Lottery',
    message: 'Are you sure you want to delete this lottery?',
    confirmLabel: 'Delete',
  };

  it('shows the message, Cancel first (focused) and the confirm button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog {...base} danger onConfirm={onConfirm} onCancel={onCancel} />);
    screen.getByRole('dialog', { name: 'Delete Lottery' });
    screen.getByText(base.message);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('bo-btn--danger');
    fireEvent.click(confirm);
    fireEvent.click(cancel);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while busy: spinner on confirm, nothing clickable, Esc ignored', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog {...base} busy cancelLabel="No" onConfirm={onConfirm} onCancel={onCancel} />);
    const confirm = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'No' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(onCancel).not.toHaveBeenCalled();
  });
});
