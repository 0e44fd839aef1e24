import { describe, expect, it } from 'vitest';
import { chunkGroups, ENTRY, SHELL_ROOTS } from './chunks';

/** A module graph as rolldown's context gives it: each id with the ids it imports statically. */
const contextOf = (imports: Record<string, string[]>) => ({
  getModuleInfo(id: string) {
    return id in imports ? { importedIds: imports[id] } : null;
  },
});
const chunkOf = (id: string, ctx: ReturnType<typeof contextOf>) => {
  for (const group of [...chunkGroups].sort((a, b) => b.priority - a.priority)) {
    const name = typeof group.name === 'function' ? group.name(id, ctx) : group.test?.test(id) ? group.name : null;
    if (name) return name;
  }
  return null;
};

describe('the chunks of the console (build/chunks.ts)', () => {
  const [gate, layout] = SHELL_ROOTS;
  const ctx = contextOf({
    [ENTRY]: ['/w/login.tsx', '/w/node_modules/react/index.js'],
    '/w/login.tsx': ['/w/session.ts', '/w/node_modules/@arco-design/web-react/es/Button/index.js'],
    '/w/session.ts': [],
    [gate]: ['/w/session.ts', '/w/providers.tsx'],
    '/w/providers.tsx': [],
    [layout]: ['/w/node_modules/@arco-design/web-react/es/Button/index.js', '/w/node_modules/@arco-design/web-react/es/Menu/index.js', '/w/layout.tsx'],
    '/w/layout.tsx': ['/w/layout.tsx'], // a cycle ends
    '/w/pages/users.tsx': ['/w/node_modules/@arco-design/web-react/es/Table/index.js'],
  });

  it('keeps what the login page imports out of the shell, in the base chunk', () => {
    expect(chunkOf('/w/login.tsx', ctx)).toBe('base');
    expect(chunkOf('/w/session.ts', ctx)).toBe('base');
    expect(chunkOf('/w/node_modules/@arco-design/web-react/es/Button/index.js', ctx)).toBe('base');
    expect(chunkOf('/w/node_modules/react/index.js', ctx)).toBe('react');
  });

  it('puts the rest of what the gate, the layout and home import in one shell chunk; other pages split as before', () => {
    expect(chunkOf(gate, ctx)).toBe('shell');
    expect(chunkOf('/w/providers.tsx', ctx)).toBe('shell');
    expect(chunkOf('/w/layout.tsx', ctx)).toBe('shell');
    expect(chunkOf('/w/node_modules/@arco-design/web-react/es/Menu/index.js', ctx)).toBe('shell');
    expect(chunkOf('/w/pages/users.tsx', ctx)).toBeNull();
    expect(chunkOf('/w/node_modules/@arco-design/web-react/es/Table/index.js', ctx)).toBeNull();
  });
});
