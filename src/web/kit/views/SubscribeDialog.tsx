import { Alert, Button, Form, Message, Modal, Radio, Select, TimePicker } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { SavedViewRow, SubscriptionSchedule } from '@shared/api/savedViews';
import { pickLanguage } from '@shared/i18n/languages';
import { rethrowUnlessShown } from '../../api/client';
import { session } from '../../stores/session';
import { ns } from './locale';
import { viewsApi } from './viewsApi';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/**
 * Subscribing to a saved view by mail: daily, weekly on a weekday or monthly on a day, at a time in
 * the business time zone. Says so when mail is off, when the user has no address, and when the
 * subscription was stopped (unsubscribed by mail, or the page no longer granted).
 */
export default function SubscribeDialog({ view, mail, timeZone, onClose }: { view: SavedViewRow; mail: boolean; timeZone: string; onClose(): void }) {
  const { t, i18n } = useTranslation(ns);
  const lang = pickLanguage(i18n.language);
  const { user } = useSnapshot(session);
  const sub = view.subscription;
  const [form] = Form.useForm<SubscriptionSchedule>();
  const [frequency, setFrequency] = useState<SubscriptionSchedule['frequency']>(sub?.frequency ?? 'weekly');
  const [busy, setBusy] = useState(false);
  const address = user?.email || null;
  const can = mail && !!address;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      Message.success(t(done));
      onClose();
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why (mail off, no address, the page no longer granted)
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    const values = await form.validate();
    await act(() => viewsApi.subscribe(view.id, {
      frequency: values.frequency, time: values.time,
      ...(values.frequency === 'weekly' ? { weekday: values.weekday } : {}),
      ...(values.frequency === 'monthly' ? { monthDay: values.monthDay } : {}),
    }), 'subscribeSaved');
  };

  const footer = (
    <>
      {sub?.status === 'active' && can && (
        <Button loading={busy} onClick={() => void act(() => viewsApi.sendNow(view.id), 'sentNow')} data-testid="send-now">{t('sendNow')}</Button>
      )}
      {sub?.status === 'active' && (
        <Button status="danger" loading={busy} onClick={() => void act(() => viewsApi.unsubscribe(view.id), 'unsubscribed')} data-testid="unsubscribe">{t('unsubscribe')}</Button>
      )}
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="primary" loading={busy} disabled={!can} onClick={() => void save()} data-testid="subscribe-save">{t('subscribe')}</Button>
    </>
  );
  const when = (iso: string) => new Date(iso).toLocaleString(lang, { timeZone });

  return (
    <Modal visible title={t('subscribeTitle', { name: view.name })} onCancel={onClose} footer={footer} data-testid="subscribe-dialog" style={{ width: 'min(520px, 96vw)' }}>
      <div className="subscribe-dialog__state">
        {!mail && <Alert type="warning" content={t('mailOff')} data-testid="mail-off" />}
        {mail && !address && <Alert type="warning" content={t('noMail')} />}
        {can && <Alert type="info" content={t('mailTo', { mail: address })} />}
        {sub?.status === 'stopped' && (
          <Alert type="warning" style={{ marginTop: 8 }} content={sub.stoppedReason === 'revoked' ? t('stoppedRevoked') : t('stoppedUnsubscribed')} data-testid="subscription-stopped" />
        )}
        {sub?.status === 'active' && <Alert type="success" style={{ marginTop: 8 }} content={t('nextRun', { time: when(sub.nextRunAt) })} />}
      </div>
      <Form form={form} layout="vertical" className="subscribe-form" disabled={!can}
        initialValues={{ frequency, weekday: sub?.weekday ?? 1, monthDay: sub?.monthDay ?? 1, time: sub?.time ?? '08:00' }}
        onValuesChange={(changed) => { if (changed.frequency) setFrequency(changed.frequency); }}>
        <Form.Item field="frequency" label={t('frequency')}>
          <Radio.Group type="button" options={(['daily', 'weekly', 'monthly'] as const).map((f) => ({ value: f, label: t(f) }))} data-testid="subscribe-frequency" />
        </Form.Item>
        {frequency === 'weekly' && (
          <Form.Item field="weekday" label={t('weekday')}>
            <Select options={WEEKDAYS.map((d) => ({ value: d, label: t(`w${d}`) }))} />
          </Form.Item>
        )}
        {frequency === 'monthly' && (
          <Form.Item field="monthDay" label={t('monthDay')}>
            <Select options={MONTH_DAYS.map((d) => ({ value: d, label: t('dayN', { day: d }) }))} />
          </Form.Item>
        )}
        <Form.Item field="time" label={`${t('time')} (${t('timeZone', { zone: timeZone })})`} rules={[{ required: true, message: t('msg:required') }]}>
          <TimePicker format="HH:mm" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
