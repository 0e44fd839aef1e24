import { Drawer, Form, Grid, Modal } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { rethrowUnlessShown } from '../../api/client';
import { appState } from '../../stores/app';
import { validValues } from '../validValues';
import { FieldControl, optionsWithin, rulesOf, type FieldDef } from './fields';

export interface EntityFormProps {
  title: string;
  fields: FieldDef[];
  /** null: a new record. */
  initial: Record<string, unknown> | null;
  /** Values a new record starts with. */
  defaults?: Record<string, unknown>;
  visible: boolean;
  onCancel(): void;
  /** Resolves when saved; rejects (already shown to the user) to keep the form open. */
  onSubmit(values: Record<string, unknown>): Promise<void>;
}

/** The create/edit form of a list page: a modal on a desk, a full-width drawer on a phone. */
export function EntityForm({ title, fields, initial, defaults, visible, onCancel, onSubmit }: EntityFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { device } = useSnapshot(appState);
  const editing = initial !== null;
  const shown = fields.filter((f) => !(editing && f.createOnly))
    .map((f) => (editing && f.secret ? { ...f, required: false, placeholder: t('kit.secretKept') } : f));
  // The keyboard's way through the dialog (docs/accessibility.md, "Dialogs"): in on its first field,
  // kept inside while it is open (Arco's focus lock), back where it was when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!visible) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Arco focuses the dialog itself in a timer of its own, set before this one: this one runs next,
    // so keys typed as soon as the dialog shows land in its first field, not on the dialog.
    const first = setTimeout(() => body.current?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), [role="combobox"][tabindex="0"]')?.focus(), 0);
    return () => clearTimeout(first);
  }, [visible]);
  const backToOpener = () => { if (opener.current?.isConnected) opener.current.focus(); };

  // Filled when the dialog opens, and again only for another record: a page re-rendered meanwhile
  // (a refetch, options arriving) passes new objects of the same values, and filling again then
  // took what the user had typed (a rule's name was lost as its target locations loaded).
  const latest = useRef({ initial, defaults });
  latest.current = { initial, defaults };
  const record = JSON.stringify(initial ?? null);
  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    const { initial: values, defaults: fresh } = latest.current;
    if (values ?? fresh) form.setFieldsValue(values ?? fresh!);
  }, [visible, record, form]);

  const submit = async () => {
    // An invalid form marks the fields in error beside them; nothing more to say.
    const values = await validValues<Record<string, unknown>>(form);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (err) {
      // A refused call: the client showed why; the form stays open with the user's input.
      rethrowUnlessShown(err);
    } finally {
      setSaving(false);
    }
  };

  // A field within another loses a choice the other's new value no longer offers (an area of the warehouse left).
  const onValuesChange = (changed: Record<string, unknown>) => {
    // Not before the choices have come: an edited record's own choice would go with them.
    for (const f of shown.filter((k) => k.within && k.within in changed && k.options?.length)) {
      const value = form.getFieldValue(f.field);
      if (value !== undefined && value !== null && !optionsWithin(f, changed[f.within!]).some((o) => o.value === value)) form.setFieldValue(f.field, undefined);
    }
  };

  const content = (
    <div ref={body}>
    <Form form={form} layout="vertical" onSubmit={submit} onValuesChange={onValuesChange} data-testid="entity-form">
      <Grid.Row gutter={16}>
        {shown.map((f) => (
          <Grid.Col key={f.field} span={f.wide || device === 'mobile' ? 24 : 12}>
            {f.within ? (
              <Form.Item shouldUpdate={(prev, next) => prev[f.within!] !== next[f.within!]} noStyle>
                {(values: Record<string, unknown>) => (
                  <Form.Item field={f.field} label={f.label} rules={rulesOf(f)} extra={f.extra}>
                    <FieldControl def={{ ...f, options: optionsWithin(f, values[f.within!]) }} disabled={editing && f.lockedOnEdit} />
                  </Form.Item>
                )}
              </Form.Item>
            ) : (
              <Form.Item field={f.field} label={f.label} rules={rulesOf(f)} extra={f.extra} triggerPropName={f.type === 'switch' ? 'checked' : undefined}>
                <FieldControl def={f} disabled={editing && f.lockedOnEdit} />
              </Form.Item>
            )}
          </Grid.Col>
        ))}
      </Grid.Row>
    </Form>
    </div>
  );

  return device === 'mobile' ? (
    <Drawer
      title={title} visible={visible} width="100%" onCancel={onCancel} onOk={submit} confirmLoading={saving}
      okText={t('common.confirm')} cancelText={t('common.cancel')} unmountOnExit focusLock afterClose={backToOpener}
    >
      {content}
    </Drawer>
  ) : (
    <Modal
      title={title} visible={visible} onCancel={onCancel} onOk={submit} confirmLoading={saving} style={{ width: 720, maxWidth: '96vw' }}
      okText={t('common.confirm')} cancelText={t('common.cancel')} unmountOnExit maskClosable={false} focusLock afterClose={backToOpener}
    >
      {content}
    </Modal>
  );
}
