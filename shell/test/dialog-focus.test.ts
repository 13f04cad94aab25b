import { describe, expect, it } from 'vitest';
import { returnFocusAfterDialogs } from '../src/layout/dialog-focus.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a closed dialog gives the focus back to its opener (issue 22)', () => {
  it('focuses the opener again when the dialog holding the focus is removed', async () => {
    document.body.innerHTML = '<button id="opener">Block</button>';
    const stop = returnFocusAfterDialogs(document);
    const opener = document.getElementById('opener') as HTMLButtonElement;
    opener.focus();

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.innerHTML = '<textarea id="reason"></textarea>';
    document.body.append(dialog);
    (document.getElementById('reason') as HTMLTextAreaElement).focus();
    await settle();
    expect(document.activeElement?.id).toBe('reason');

    dialog.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
    stop();
    document.body.innerHTML = '';
  });

  it('leaves the focus alone when no dialog had it', async () => {
    document.body.innerHTML = '<button id="a">A</button><div id="page"><button id="b">B</button></div>';
    const stop = returnFocusAfterDialogs(document);
    (document.getElementById('a') as HTMLButtonElement).focus();
    (document.getElementById('b') as HTMLButtonElement).focus();
    document.getElementById('page')!.remove();
    await settle();
    expect(document.activeElement?.id).not.toBe('a');
    stop();
    document.body.innerHTML = '';
  });
});
