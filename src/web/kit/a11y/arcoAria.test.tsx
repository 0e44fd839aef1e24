import { Form, Menu, Pagination, Select, Table, Tabs } from '@arco-design/web-react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { repairArcoAria, watchArcoAria, type AriaWords } from './arcoAria';

const WORDS: AriaWords = { selectRow: 'Select this row', selectAll: 'Select every row', expandRow: 'Expand', pageSize: 'Rows per page', tableScroll: 'Table' };

/** Each markup Arco writes wrong, rendered as Arco renders it, before the repair. */
const DEFECTS = {
  menuHeader: () => (
    <Menu defaultOpenKeys={['g']}><Menu.SubMenu key="g" title="Group"><Menu.Item key="p">Page</Menu.Item></Menu.SubMenu></Menu>
  ),
  tabs: () => <Tabs><Tabs.TabPane key="a" title="A">a</Tabs.TabPane><Tabs.TabPane key="b" title="B">b</Tabs.TabPane></Tabs>,
  pagination: () => <Pagination total={200} sizeCanChange />,
  tableSelection: () => (
    <Table rowKey="id" columns={[{ title: 'Name', dataIndex: 'name' }]} data={[{ id: 1, name: 'Roadking' }]} rowSelection={{ type: 'checkbox' }} pagination={false} />
  ),
  formSelect: () => (
    <Form><Form.Item field="brand" label="Brand"><Select showSearch options={['Roadking', 'Trailmax']} /></Form.Item></Form>
  ),
};

/** Whether a defect is there, in the markup Arco rendered. */
const present = {
  menuHeader: (root: Element) => !!root.querySelector('.arco-menu-inline-header[aria-expanded]:not([role])'),
  tabs: (root: Element) => !!root.querySelector('[role="tab"]') && !root.querySelector('[role="tablist"]'),
  pagination: (root: Element) => !!root.querySelector('.arco-pagination-option[aria-label]:not([role])'),
  tableSelection: (root: Element) => [...root.querySelectorAll('.arco-table input[type="checkbox"]')].some((i) => !i.getAttribute('aria-label') && !i.closest('label')?.textContent?.trim()),
  formSelect: (root: Element) => {
    const input = root.querySelector<HTMLInputElement>('.arco-form-item .arco-select-view-input');
    return !!input && !input.getAttribute('aria-label') && !input.getAttribute('aria-labelledby') && !input.labels?.length;
  },
};

describe('Arco\'s own ARIA', () => {
  // When one of these fails, an Arco release fixed that markup itself: remove its repair from arcoAria.ts
  // and this case, and say so in docs/accessibility.md.
  for (const [name, Defect] of Object.entries(DEFECTS)) {
    it(`is still wrong without the repair: ${name}`, () => {
      const { container, unmount } = render(<Defect />);
      expect(present[name as keyof typeof present](container)).toBe(true);
      unmount();
    });
  }

  it('is right once repaired: submenu headers are buttons, tabs have their list, the page-size chooser is a named group, selection boxes and fields are named', () => {
    const { container } = render(<>{Object.values(DEFECTS).map((Defect, i) => <Defect key={i} />)}</>);
    repairArcoAria(container, WORDS);
    for (const [name, isPresent] of Object.entries(present)) expect(isPresent(container), name).toBe(false);
    expect(container.querySelector('.arco-menu-inline-header')!.getAttribute('role')).toBe('button');
    expect(container.querySelector('.arco-pagination-option')!.getAttribute('role')).toBe('group');
    expect(container.querySelector('.arco-table-th input')!.getAttribute('aria-label')).toBe('Select every row');
    expect(container.querySelector('.arco-table-td input')!.getAttribute('aria-label')).toBe('Select this row');
    const labelId = container.querySelector('.arco-form-item label')!.id;
    expect(labelId).not.toBe('');
    expect(container.querySelector('.arco-form-item .arco-select-view-input')!.getAttribute('aria-labelledby')).toBe(labelId);
    expect(container.querySelector('.arco-form-item [role="combobox"]')!.getAttribute('aria-labelledby')).toBe(labelId);
  });

  it('is repaired as Arco adds it to the page, and a field outside a form takes its name from data-field-label', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const stop = watchArcoAria(host, WORDS);
    const { unmount } = render(<><Tabs><Tabs.TabPane key="a" title="A">a</Tabs.TabPane></Tabs><Select data-field-label="Warehouse" options={['CDC01']} /></>, { container: host });
    await Promise.resolve();
    expect(host.querySelector('[role="tab"]')!.parentElement!.getAttribute('role')).toBe('tablist');
    expect(host.querySelector('[role="combobox"]')!.getAttribute('aria-label')).toBe('Warehouse');
    stop();
    unmount();
    host.remove();
  });

  it('leaves an InputNumber without bounds without aria-valuemax="Infinity"', () => {
    const host = document.createElement('div');
    host.innerHTML = '<input role="spinbutton" aria-valuemax="Infinity" aria-valuemin="-Infinity" aria-valuenow="3">';
    repairArcoAria(host, WORDS);
    const input = host.querySelector('input')!;
    expect([input.hasAttribute('aria-valuemax'), input.hasAttribute('aria-valuemin'), input.getAttribute('aria-valuenow')]).toEqual([false, false, '3']);
  });
});
