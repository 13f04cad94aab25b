// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { antdStyles } from '../build/antd-styles.ts';

describe("the list pages' antd styles made at build time (build/antd-styles.ts)", () => {
  const light = antdStyles();

  it("lists the parts it holds for antd's runtime, which then does not generate them again", () => {
    const paths = /\.data-ant-cssinjs-cache-path\{content:"([^"]+)"/.exec(light)?.[1]?.split(';') ?? [];
    for (const part of ['Table', 'Form', 'Select', 'Button', 'Pagination', 'Checkbox', 'Tag']) {
      expect(paths.some((path) => path.includes(`|${part}-`))).toBe(true);
    }
    expect(light).toContain('.ant-table-row');
  });

  it('is the same stylesheet in every appearance: the theme reaches it through CSS variables only', () => {
    expect(light).toContain('var(--ant-color-primary)');
    expect(antdStyles({ mode: 'dark', density: 'comfortable' })).toBe(light);
    expect(antdStyles({ mode: 'light', density: 'compact' })).toBe(light);
  });
});
