const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * A dialog that closes gives the focus back to what opened it (WAI-ARIA dialog pattern), in every area.
 * antd does this only for a Modal that stays mounted and animates out; the console's dialogs are mostly
 * rendered while open and removed on close, which dropped the focus to <body>: a keyboard user had to
 * Tab again from the top of the page. Returns the stop function.
 */
export function returnFocusAfterDialogs(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;
  let inDialog = false;
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest?.(DIALOG)) inDialog = true;
    else {
      opener = target;
      inDialog = false;
    }
  };
  const observer = new MutationObserver(() => {
    if (!inDialog || (doc.activeElement && doc.activeElement !== doc.body)) return;
    inDialog = false;
    if (opener?.isConnected) opener.focus();
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
