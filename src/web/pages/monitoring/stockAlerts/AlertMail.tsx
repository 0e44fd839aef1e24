import { Message, Select, Space, TimePicker, Tooltip } from '@arco-design/web-react';
import { IconEmail } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VIEW_PATHS } from '@shared/api/savedViewPaths';
import { rethrowUnlessShown } from '../../../api/client';
import { api } from '../../../api/http';
import { ns } from './locale';

type Mode = 'off' | 'instant' | 'digest';
interface Pref { mode: Mode; time: string; mail: boolean; email: string | null }
const KEY = ['alert-mail'];

/**
 * The user's choice of stock alerts by mail, within their own scope: none, one mail as each alert is
 * raised, or a daily digest at a time (docs/views-and-subscriptions.md). Says why when it cannot be.
 */
export function AlertMail() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const pref = useQuery({ queryKey: KEY, queryFn: () => api.post<Pref>(VIEW_PATHS.alertMailGet, {}) });
  const data = pref.data;
  const blocked = data && (!data.mail ? t('mailUnavailable') : !data.email ? t('mailNoAddress') : null);
  const set = async (mode: Mode, time?: string) => {
    try {
      queryClient.setQueryData(KEY, await api.post<Pref>(VIEW_PATHS.alertMailSet, { mode, time: time ?? data?.time }));
      Message.success(t('mailSaved'));
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why (mail off, no address)
    }
  };
  const select = (
    <Select size="default" style={{ width: 180 }} aria-label={t('mailMe')} prefix={<IconEmail />} value={data?.mode ?? 'off'} disabled={!data || (!!blocked && data.mode === 'off')}
      data-testid="alert-mail" onChange={(mode: Mode) => void set(mode)}
      options={(['off', 'instant', 'digest'] as const).map((m) => ({ value: m, label: t(m === 'off' ? 'mailOff' : m === 'instant' ? 'mailInstant' : 'mailDigest') }))} />
  );
  return (
    <Space size={4}>
      {blocked ? <Tooltip content={blocked}><span>{select}</span></Tooltip> : select}
      {data?.mode === 'digest' && (
        <TimePicker format="HH:mm" allowClear={false} value={data.time} style={{ width: 100 }} aria-label={t('mailAt')} onChange={(time: string) => void set('digest', time)} />
      )}
    </Space>
  );
}
