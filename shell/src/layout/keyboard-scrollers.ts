/** antd's table scroll boxes (a wide table on a phone, a fixed-height body). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

function makeFocusable(root: ParentNode) {
  for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS))
    if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
}

/**
 * Every table scroll box in the console, the areas' included, takes the keyboard focus (WCAG 2.1.1):
 * one holding only text (no link, no button) could otherwise not be scrolled without a mouse.
 * Returns the stop function.
 */
export function watchScrollers(root: HTMLElement = document.body): () => void {
  makeFocusable(root);
  const observer = new MutationObserver(() => makeFocusable(root));
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
