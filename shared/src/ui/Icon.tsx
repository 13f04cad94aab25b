import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type HTMLAttributes, type ReactNode } from 'react';

const render = (node: AbstractNode, key?: number): ReactNode =>
  createElement(node.tag, { key, ...node.attrs }, node.children?.map(render));

/**
 * An antd icon drawn from its SVG definition (`@ant-design/icons-svg`), with the markup and `anticon`
 * classes of `@ant-design/icons` so antd's styles apply, but without that package's runtime: each remote
 * would bundle it again (about 35 KB gzip) because only antd's components are shared from the shell.
 */
export function Icon({ icon, ...rest }: { icon: IconDefinition } & HTMLAttributes<HTMLSpanElement>) {
  // Outlined and filled definitions are plain nodes; two-tone ones (functions of colours) are not used.
  const svg = icon.icon as AbstractNode;
  return (
    <span role="img" aria-label={icon.name} {...rest} className={`anticon anticon-${icon.name}`}>
      {render({
        ...svg,
        attrs: { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' },
      })}
    </span>
  );
}
