import { Button, Message, Modal, Popconfirm } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Language } from '@shared/i18n/languages';
import type { PageSpec, Text, TransitionSpec } from '@shared/pages';
import { rethrowUnlessShown } from '../../api/client';
import { api } from '../../api/http';
import { MenuIcon } from '../../layout/MenuIcon';
import { useButtons } from '../usePermission';

type Row = { id: number } & Record<string, unknown>;

/** A manifest text with its `{{count}}` filled in. */
const say = (text: Text, lang: Language, count: number) => text[lang].replace('{{count}}', String(count));

/**
 * The status moves a manifest list declares (`transitions`), as the list shows them: on each row the
 * moves its status allows (asked to confirm), and in the toolbar each move for the rows selected,
 * refused at once when one of them cannot move. After a move the list (`listId`) refreshes.
 */
export function useTransitions(page: PageSpec, perm: string, listId: string, lang: Language) {
  const buttons = useButtons();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Row[]>([]);
  const moves = (page.transitions ?? []).filter((m) => buttons.has(`${perm}:${m.button ?? 'edit'}`));
  const movable = (m: TransitionSpec, row: Row) => m.from.includes(String(row[m.field ?? 'status']));

  const run = async (m: TransitionSpec, rows: Row[]) => {
    try {
      await api.post(`${page.api}/${m.action}`, { ids: rows.map((r) => r.id) });
    } catch (err) {
      rethrowUnlessShown(err); // refused (another status by now, out of scope): the client said why
      return;
    }
    Message.success(say(m.done, lang, rows.length));
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: ['list', listId] });
  };
  const bulk = (m: TransitionSpec) => {
    if (!selected.length || !selected.every((r) => movable(m, r))) return void Message.warning(m.selectFirst[lang]);
    Modal.confirm({
      title: m.title[lang], content: say(m.confirm, lang, selected.length),
      okButtonProps: m.danger ? { status: 'danger' } : undefined,
      onOk: () => run(m, selected),
    });
  };

  if (!moves.length) return null;
  return {
    onSelect: setSelected,
    rowActions: (row: Row): ReactNode[] => moves.filter((m) => movable(m, row)).map((m) => (
      <Popconfirm key={m.action} title={m.title[lang]} content={say(m.confirm, lang, 1)} okButtonProps={m.danger ? { status: 'danger' } : undefined}
        onOk={() => run(m, [row])}>
        <Button size="mini" type="text" status={m.danger ? 'warning' : 'success'} icon={<MenuIcon name={m.icon} />} data-testid={`row-${m.action}`}>
          {m.title[lang]}
        </Button>
      </Popconfirm>
    )),
    toolbar: moves.map((m) => (
      <Button key={m.action} icon={<MenuIcon name={m.icon} />} onClick={() => bulk(m)} data-testid={`toolbar-${m.action}`}>{m.title[lang]}</Button>
    )),
  };
}
