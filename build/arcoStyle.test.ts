import { describe, expect, it } from 'vitest';
import { arcoStyle } from './arcoStyle';

const transform = (code: string, id = '/work/src/web/pages/x/index.tsx') => {
  const hook = arcoStyle().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
};
const style = (name: string) => `import '@arco-design/web-react/es/${name}/style/css.js';`;

describe('Arco CSS per component (build/arcoStyle.ts)', () => {
  it('a module importing components imports their stylesheets first, and none for types or other names', () => {
    const out = transform("import { Button, Form as F, type ModalProps, version } from '@arco-design/web-react';\nimport './page.css';\n")!;
    expect(out.startsWith(style('Button') + style('Form'))).toBe(true);
    expect(out).not.toContain('/Modal/style');
    expect(out).not.toContain('version/');
    // The module's own CSS comes after Arco's, so it wins where both set a property.
    expect(out.indexOf('page.css')).toBeGreaterThan(out.indexOf('Form/style'));
  });

  it('imports each component and icon from its own module, so the import graph holds only what is used', () => {
    const out = transform("import { Button, Form as F, type ModalProps, version } from '@arco-design/web-react';\n"
      + "import {\n  IconUser,\n  IconLock as Lock,\n} from '@arco-design/web-react/icon';\n")!;
    expect(out).toContain("import Button from '@arco-design/web-react/es/Button';");
    expect(out).toContain("import F from '@arco-design/web-react/es/Form';");
    // Types and names that are not a component's folder stay on the library's index.
    expect(out).toContain("import { type ModalProps, version } from '@arco-design/web-react';");
    expect(out).toContain("import IconUser from '@arco-design/web-react/icon/react-icon/IconUser';");
    expect(out).toContain("import Lock from '@arco-design/web-react/icon/react-icon/IconLock';");
    expect(out).not.toContain("from '@arco-design/web-react/icon';");
    // Icons alone bring no stylesheet, and still leave the index.
    expect(transform("import { IconDown } from '@arco-design/web-react/icon';\n")).toBe("import IconDown from '@arco-design/web-react/icon/react-icon/IconDown';\n");
  });

  it('a default import of one component and a dynamic import bring its stylesheet too', () => {
    expect(transform("import Message from '@arco-design/web-react/es/Message';\n")).toContain(style('Message'));
    const lazy = transform("const load = () => import('@arco-design/web-react/es/Notification');\n")!;
    expect(lazy).toContain("import('@arco-design/web-react/es/Notification/style/css.js')");
    expect(lazy).not.toMatch(/^import '/);
  });

  it('leaves type-only imports, other libraries and node_modules alone', () => {
    expect(transform("import type { FormInstance } from '@arco-design/web-react';\n")).toBeNull();
    expect(transform("import { useState } from 'react';\n")).toBeNull();
    expect(transform("import { Button } from '@arco-design/web-react';\n", '/work/node_modules/x/index.js')).toBeNull();
  });
});
