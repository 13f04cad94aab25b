import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { antdComponents, federationShared, routerExports } from '@backoffice/shared/mf';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const remoteSources = readdirSync(root)
  .filter((name) => name.startsWith('mf-'))
  .flatMap((name) => sourceFiles(join(root, name, 'src')));

/** Names a file imports (values, not types) from the given module. */
function importedNames(source: string, module: string): string[] {
  const pattern = new RegExp(`import\\s+(?!type\\b)\\{([^}]*)\\}\\s+from\\s+'${module}'`, 'g');
  return [...source.matchAll(pattern)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!.trim()),
  );
}

describe('the one federation config', () => {
  it('shares React, the router and each listed antd component as a singleton', () => {
    const shared = federationShared();
    expect(Object.keys(shared)).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom',
        'react/jsx-runtime',
        'react-dom/client',
        'react-router-dom',
      ]),
    );
    for (const component of antdComponents)
      expect(shared[`antd/es/${component}`]).toEqual({ singleton: true, strictVersion: true });
    // A remote's own ranges are what it requires.
    expect(federationShared({ react: '^19.3.1', antd: '^6.6.8' })).toMatchObject({
      react: { singleton: true, strictVersion: true, requiredVersion: '^19.3.1' },
      'react/jsx-runtime': { requiredVersion: '^19.3.1' },
      'antd/es/table': { requiredVersion: '^6.6.8' },
    });
  });

  it('shares exactly the antd components that remotes and the shared UI import', () => {
    const sources = [...remoteSources, ...sourceFiles(join(root, 'shared', 'src'))].filter(
      (file) => !/\.test\.tsx?$/.test(file),
    );
    const used = new Set(
      sources.flatMap((file) =>
        importedNames(readFileSync(file, 'utf8'), 'antd').map((name) =>
          name.replace(/[A-Z]/g, (letter, at: number) => (at ? '-' : '') + letter.toLowerCase()),
        ),
      ),
    );
    expect(used.size).toBeGreaterThan(0);
    expect([...antdComponents].sort()).toEqual([...used].sort());
    const index = readFileSync(join(root, 'shell', 'node_modules', 'antd', 'es', 'index.js'), 'utf8');
    for (const component of antdComponents) expect(index).toContain(`from './${component}'`);
  });

  it('reads the value imports of a module (so the next check can fail)', () => {
    const source =
      "import { useBlocker, type To, Link as L } from 'react-router-dom';\nimport type { X } from 'react-router-dom';";
    expect(importedNames(source, 'react-router-dom')).toEqual(['useBlocker', 'Link']);
    expect(routerExports).not.toContain('useBlocker');
  });

  it('remotes import from the router only what the shell provides', () => {
    expect(remoteSources.length).toBeGreaterThan(0);
    for (const file of remoteSources) {
      const source = readFileSync(file, 'utf8');
      for (const module of ['react-router-dom', 'react-router']) {
        for (const name of importedNames(source, module)) {
          expect(routerExports, `${file} imports ${name} from ${module}`).toContain(name);
        }
      }
    }
  });
});
