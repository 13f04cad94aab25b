import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { RsbuildPlugin } from '@rsbuild/core';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ConfigProvider,
  Empty,
  Form,
  Input,
  Popover,
  Select,
  Skeleton,
  Spin,
  Statistic,
  Table,
  Tag,
} from 'antd';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Appearance } from '../src/theme/preferences.ts';
import { themeFor } from '../src/theme/themes.ts';

/** What the layout imports: this build's antd styles (an empty stylesheet in the unit tests). */
export const ANTD_STYLES = 'antd-styles.css';

/**
 * The antd parts of the console's list pages and dashboard, rendered once at build time: each one's styles
 * are the same in every theme (the theme's values are CSS variables, which antd still writes at run
 * time), so generating them in the browser at every page load is work the page need not do.
 */
function listPageParts(appearance: Appearance): ReactNode {
  return h(
    ConfigProvider,
    { theme: themeFor(appearance) },
    h(Form, null, h(Form.Item, { label: 'Field', name: 'field' }, h(Input))),
    h(Select, { options: [{ value: 1, label: 'One' }] }),
    h(Button, null, 'Button'),
    h(Tag, null, 'Tag'),
    h(Spin),
    h(Empty),
    h(Checkbox),
    h(Alert, { title: 'Alert' }),
    h(Popover, { content: 'Popover' }, h('span', null, 'Popover')),
    h(Statistic, { value: 1 }),
    h(Card, null, h(Skeleton)),
    h(Table, {
      dataSource: [{ key: 1, name: 'Row' }],
      columns: [{ title: 'Name', dataIndex: 'name', sorter: true }],
      rowSelection: {},
      pagination: { total: 50, showSizeChanger: true },
    }),
  );
}

/**
 * The stylesheet: antd's CSS-in-JS rules of those parts, and the list of them (a `content` rule that
 * antd's runtime reads once, at its first style): a component in it is not generated again in the page.
 */
export function antdStyles(appearance: Appearance = { mode: 'light', density: 'comfortable' }): string {
  const cache = createCache();
  renderToString(h(StyleProvider, { cache }, listPageParts(appearance)));
  return extractStyle(cache, { plain: true, types: ['style'] });
}

/**
 * Rsbuild plugin: writes the stylesheet into the build's cache folder and points `antd-styles.css` at it.
 * Rendered with this build's NODE_ENV, as the page's antd names its classes by it.
 */
export function pluginAntdStyles(): RsbuildPlugin {
  return {
    name: 'backoffice:antd-styles',
    setup(api) {
      api.modifyRsbuildConfig((config, { mergeRsbuildConfig }) => {
        mkdirSync(api.context.cachePath, { recursive: true });
        const file = join(api.context.cachePath, ANTD_STYLES);
        writeFileSync(file, antdStyles());
        return mergeRsbuildConfig(config, { resolve: { alias: { [ANTD_STYLES]: file } } });
      });
    },
  };
}
