import { describe, expect, it } from 'vitest';
import { watchScrollers } from '../src/layout/keyboard-scrollers.ts';

describe('table scroll boxes take the keyboard focus (issue 22)', () => {
  it('gives every antd table scroll box a tab stop, also those rendered later', async () => {
    document.body.innerHTML =
      '<div class="ant-table-content"></div><div class="ant-table-body" tabindex="-1"></div>';
    const stop = watchScrollers(document.body);
    expect(document.querySelector<HTMLElement>('.ant-table-content')!.tabIndex).toBe(0);
    // A tab index set on purpose is kept.
    expect(document.querySelector<HTMLElement>('.ant-table-body')!.tabIndex).toBe(-1);

    const later = document.createElement('div');
    later.innerHTML = '<div class="ant-table-content" id="later"></div>';
    document.body.append(later);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.getElementById('later')!.getAttribute('tabindex')).toBe('0');
    stop();
    document.body.innerHTML = '';
  });
});
