import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const LIBRARY = '@arco-design/web-react';
const esDir = path.join(path.dirname(createRequire(import.meta.url).resolve(`${LIBRARY}/package.json`)), 'es');
const styled = new Map<string, boolean>();
/** The component's own stylesheet module (which imports the base style and those of the components it uses), if it has one. */
const styleOf = (component: string) => {
  if (!styled.has(component)) styled.set(component, /^[A-Z]\w*$/.test(component) && existsSync(path.join(esDir, component, 'style', 'css.js')));
  return styled.get(component) ? `${LIBRARY}/es/${component}/style/css.js` : null;
};

/** A name the library's index re-exports as the default of its own folder (a component, Message, Grid...). */
const isComponent = (name: string) => /^[A-Z]\w*$/.test(name) && existsSync(path.join(esDir, name, 'index.js'));

const isIcon = (name: string) => /^Icon\w+$/.test(name) && existsSync(path.join(esDir, '..', 'icon', 'react-icon', name, 'index.js'));

/** `import { A, B as C, type T } from 'index'` as a default import of each name's own module (`moduleOf`), where it has one. */
function ownImports(names: string, index: string, moduleOf: (name: string) => string | null): string {
  const own: string[] = [];
  const rest: string[] = [];
  for (const spec of names.split(',')) {
    const name = spec.trim();
    if (!name) continue;
    const [imported, local = imported] = name.split(/\s+as\s+/).map((part) => part.trim());
    const module = name.startsWith('type ') ? null : moduleOf(imported);
    if (module) own.push(`import ${local} from '${module}';`);
    else rest.push(name);
  }
  return own.join('') + (rest.length ? `import { ${rest.join(', ')} } from '${index}';` : '');
}

const ICONS = new RegExp(`^import\\s+(?!type\\b)\\{([^}]*)\\}\\s+from\\s+['"]${LIBRARY}/icon['"];?`, 'gm');
const NAMED = new RegExp(`^import\\s+(?!type\\b)\\{([^}]*)\\}\\s+from\\s+['"]${LIBRARY}['"];?`, 'gm');
const DIRECT = new RegExp(`^import\\s+(?!type\\b)[^;]*?from\\s+['"]${LIBRARY}/es/([A-Z]\\w*)['"];?`, 'gm');
const DYNAMIC = new RegExp(`import\\(\\s*['"]${LIBRARY}/es/([A-Z]\\w*)['"]\\s*\\)`, 'g');

/**
 * Arco's CSS per component instead of the whole `arco.css` at the entry: a module
 * that imports Arco components also imports their stylesheets, so a page's CSS arrives in its
 * own chunk, and the login page gets only the base style (tokens, dark theme, icons) that the
 * entry imports. Like babel-plugin-import's `style: 'css'`, done on the import lines, which
 * also take each component and icon from its own module:
 *   import { Button, Form, type ModalProps } from '@arco-design/web-react'
 *     -> import '@arco-design/web-react/es/Button/style/css.js'; ...Form...
 *        import Button from '@arco-design/web-react/es/Button'; ...Form...
 *        import { type ModalProps } from '@arco-design/web-react';
 *   import { IconUser } from '@arco-design/web-react/icon'
 *     -> import IconUser from '@arco-design/web-react/icon/react-icon/IconUser';
 *   import Message from '@arco-design/web-react/es/Message'   (the same)
 *   import('@arco-design/web-react/es/Message')   loads its stylesheet alongside.
 */
export function arcoStyle(): Plugin {
  return {
    name: 'arco-style-per-component',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id.split('?')[0]) || !code.includes(LIBRARY)) return null;
      const styles = new Set<string>();
      // Each component and icon from its own module, as the library's indexes re-export them: the
      // import graph then holds only what is used, which the chunking of the signed-in shell relies
      // on (build/chunks.ts). An index reaches everything, and only tree-shaking dropped the rest.
      const direct = code.replace(NAMED, (_whole, names: string) => ownImports(names, LIBRARY, (name) => {
        if (!isComponent(name)) return null;
        const style = styleOf(name);
        if (style) styles.add(style);
        return `${LIBRARY}/es/${name}`;
      })).replace(ICONS, (_whole, names: string) => ownImports(names, `${LIBRARY}/icon`, (name) => (isIcon(name) ? `${LIBRARY}/icon/react-icon/${name}` : null)));
      for (const [, component] of code.matchAll(DIRECT)) {
        const style = styleOf(component);
        if (style) styles.add(style);
      }
      const withDynamic = direct.replace(DYNAMIC, (whole, component: string) => {
        const style = styleOf(component);
        return style ? `Promise.all([import('${style}'), ${whole}]).then((loaded) => loaded[1])` : whole;
      });
      if (!styles.size && withDynamic === code) return null;
      // Prepended on the first line, so the module's own CSS (imported below) comes after Arco's and overrides it.
      return { code: [...styles].map((s) => `import '${s}';`).join('') + withDynamic, map: null };
    },
  };
}
