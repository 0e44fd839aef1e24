import { Descriptions, Drawer, Switch, Tabs, Tag } from '@arco-design/web-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { appState } from '../../../stores/app';
import { auditDiff } from './auditDiff';
import { ns } from './locale';

type Row = Record<string, string | number | null>;
/** A trail's JSON text (none for anything else). */
const textOrNull = (v: Row[string]) => (typeof v === 'string' ? v : null);

/**
 * One audit entry: who, when, from where, and the record before and after the change side by
 * side, field by field with the changed fields marked, or as the full JSON. Everything is
 * rendered as text (React escapes it): an entry's values are whatever a user typed.
 */
export function AuditChangeDrawer({ row, onClose }: { row: Row | null; onClose(): void }) {
  const { t } = useTranslation(ns);
  const { device } = useSnapshot(appState);
  const [onlyChanged, setOnlyChanged] = useState(false);
  const diff = useMemo(() => (row ? auditDiff(textOrNull(row.before), textOrNull(row.after)) : null), [row]);
  const changed = diff?.fields?.filter((f) => f.changed).length ?? 0;
  const fields = diff?.fields?.filter((f) => !onlyChanged || f.changed);
  const value = (v: string | undefined, hint?: string) =>
    (v === undefined ? <span className="audit-diff__absent" title={hint}>{t('absent')}</span> : <pre className="audit-diff__pre">{v}</pre>);

  return (
    <Drawer
      visible={row !== null} onCancel={onClose} footer={null} unmountOnExit
      width={device === 'mobile' ? '100%' : 880}
      title={row ? t('title', { action: row.action ?? '', entity: `${row.entity ?? ''}${row.entityId != null ? ` #${row.entityId}` : ''}` }) : ''}
    >
      {row && diff && (
        <div className="audit-change" data-testid="audit-change">
          <Descriptions
            column={device === 'mobile' ? 1 : 2} size="small" border
            data={[
              { label: t('time'), value: String(row.loggedAt ?? '-') },
              { label: t('user'), value: `${row.userName ?? ''}${row.nickName ? ` (${row.nickName})` : ''}` },
              { label: t('dealer'), value: String(row.dealerName ?? '-') },
              { label: t('ip'), value: String(row.ip ?? '-') },
            ]}
          />
          <Tabs defaultActiveTab={diff.fields ? 'fields' : 'json'}>
            {diff.fields && (
              <Tabs.TabPane key="fields" title={t('fields')}>
                <div className="audit-change__bar">
                  <Tag color={changed ? 'orange' : 'gray'} data-testid="audit-changed-count">{changed ? t('changedCount', { count: changed }) : t('noChanges')}</Tag>
                  <label className="audit-change__switch">
                    <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} /> {t('onlyChanged')}
                  </label>
                </div>
                <div className="audit-diff__scroll">
                  <table className="audit-diff" data-testid="audit-diff">
                    <thead><tr><th>{t('field')}</th><th>{t('before')}</th><th>{t('after')}</th></tr></thead>
                    <tbody>
                      {(fields ?? []).map((f) => (
                        <tr key={f.key} className={f.changed ? 'audit-diff__row--changed' : undefined} data-changed={f.changed} data-field={f.key}>
                          <th scope="row">{f.key}</th>
                          <td>{value(f.before)}</td>
                          <td>{value(f.after, f.before !== undefined ? t('notWritten') : undefined)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </Tabs.TabPane>
            )}
            <Tabs.TabPane key="json" title={t('json')}>
              <div className="audit-json" data-testid="audit-json">
                <section>
                  <h4>{t('before')}</h4>
                  <pre className="audit-diff__pre audit-json__pre" data-testid="audit-before">{diff.before || t('none')}</pre>
                </section>
                <section>
                  <h4>{t('after')}</h4>
                  <pre className="audit-diff__pre audit-json__pre" data-testid="audit-after">{diff.after || t('none')}</pre>
                </section>
              </div>
            </Tabs.TabPane>
          </Tabs>
        </div>
      )}
    </Drawer>
  );
}
