import { DatePicker, Form, Grid, Input, Message, Modal, Select, Space, Tag } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AssignOptions } from '@shared/api/dispatch';
import { languageOf } from '@shared/i18n/languages';
import { STATUS_LABELS } from '@shared/logistics/dispatch';
import { PHONE_PATTERN } from '@shared/patterns';
import { rethrowUnlessShown } from '../../../api/client';
import { ns } from '../locale';
import type { RequestRow } from '../RequestActions';
import { REQUEST_LIST_ID, tripApi, tripKey } from '../tripApi';
import { optionTextHolds } from '../../../kit/optionText';

type Vehicle = AssignOptions['vehicles'][number];
interface Values { vehicleId: number; driverName: string; driverPhone?: string; routeId: number; plannedStart: string; laborCompany?: string }

/** A vehicle as the form lists it: plate, type, capacity, driver, and why it may be refused. */
function VehicleOption({ v }: { v: Vehicle }) {
  const { t } = useTranslation(ns);
  return (
    <Space size={4} wrap>
      <b>{v.plateNo}</b>
      <span className="muted">{v.vehicleType}{v.capacityTons !== null ? ` · ${t('capacity', { t: v.capacityTons })}` : ''}{v.driverName ? ` · ${v.driverName}` : ''}</span>
      {v.blacklisted && <Tag size="small" color="red">{t('blacklisted')}</Tag>}
      {v.busyWith && <Tag size="small" color="orange">{t('busy', { no: v.busyWith })}</Tag>}
      {v.status !== 'normal' && <Tag size="small">{t('disabled')}</Tag>}
    </Space>
  );
}

/**
 * Assigns a vehicle, driver and route to a requested car request. A blacklisted or busy vehicle
 * is marked in the list; the server refuses it with the blacklist's reason (shown as the answer).
 */
export function AssignDialog({ row, onClose }: { row: RequestRow | null; onClose(): void }) {
  const { t, i18n } = useTranslation(ns);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const options = useQuery({ queryKey: ['assign-options'], queryFn: tripApi.assignOptions, enabled: !!row, staleTime: 0 });
  const vehicles = options.data?.vehicles ?? [];

  const submit = async () => {
    if (!row) return;
    const v = await form.validate();
    try {
      await tripApi.assign({ id: row.id, ...v, plannedStart: dayjs(v.plannedStart).toISOString(), driverPhone: v.driverPhone || null, laborCompany: v.laborCompany || null });
      Message.success(t('moved', { no: row.requestNo, status: STATUS_LABELS.assigned.label[languageOf(i18n.language)] }));
      await queryClient.invalidateQueries({ queryKey: ['list', REQUEST_LIST_ID] });
      await queryClient.invalidateQueries({ queryKey: tripKey(row.id) });
      await queryClient.invalidateQueries({ queryKey: ['assign-options'] });
      onClose();
    } catch (err) {
      rethrowUnlessShown(err); // the refusal (blacklist reason, busy, capacity) was shown by the client
    }
  };
  const required = (label: string) => [{ required: true, message: i18n.t('msg:cannotBeEmpty', { label }) }];
  const needDate = row ? String(row.needDate ?? '') : '';
  const start = needDate && dayjs(needDate).isAfter(dayjs()) ? dayjs(`${needDate} 08:00`) : dayjs().add(1, 'hour').startOf('hour');

  return (
    <Modal
      title={row ? t('assignTitle', { no: row.requestNo }) : ''} visible={!!row} onCancel={onClose} onOk={submit} unmountOnExit
      style={{ width: 'min(640px, 100vw)' }} data-testid="assign-dialog"
    >
      {row && (
        <Form form={form} layout="vertical" initialValues={{ plannedStart: start.format('YYYY-MM-DD HH:mm') }}
          onValuesChange={(changed) => {
            // The vehicle's own driver, unless the dispatcher names another.
            if ('vehicleId' in changed) {
              const v = vehicles.find((x) => x.id === changed.vehicleId);
              if (v) form.setFieldsValue({ driverName: v.driverName ?? '', driverPhone: v.driverPhone ?? '' });
            }
          }}>
          <Form.Item field="vehicleId" label={t('vehicle')} rules={required(t('vehicle'))}>
            <Select showSearch loading={options.isPending} data-testid="assign-vehicle" placeholder={t('vehicle')}
              filterOption={(input, option) => optionTextHolds(input, option, 'extra')}>
              {vehicles.map((v) => <Select.Option key={v.id} value={v.id} extra={`${v.plateNo} ${v.driverName ?? ''}`}><VehicleOption v={v} /></Select.Option>)}
            </Select>
          </Form.Item>
          <Grid.Row gutter={16}>
            <Grid.Col xs={24} sm={12}>
              <Form.Item field="driverName" label={t('driverName')} rules={required(t('driverName'))}><Input maxLength={64} data-testid="assign-driver" /></Form.Item>
            </Grid.Col>
            <Grid.Col xs={24} sm={12}>
              <Form.Item field="driverPhone" label={t('driverPhone')} rules={[{ match: PHONE_PATTERN, message: i18n.t('msg:phone') }]}><Input maxLength={11} /></Form.Item>
            </Grid.Col>
          </Grid.Row>
          <Form.Item field="routeId" label={t('route')} rules={required(t('route'))}>
            <Select data-testid="assign-route" placeholder={t('route')}
              options={(options.data?.routes ?? []).map((r) => ({
                value: r.id, label: `${r.code} ${r.name}${r.distanceKm ? ` · ${t('km', { km: r.distanceKm })}` : ''}${r.hours ? ` · ${t('hours', { h: r.hours })}` : ''}`,
              }))} />
          </Form.Item>
          <Form.Item field="plannedStart" label={t('plannedStart')} rules={required(t('plannedStart'))}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item field="laborCompany" label={t('laborCompany')} extra={t('noLabor')}>
            <Select allowClear placeholder={t('none')} options={(options.data?.laborCompanies ?? []).map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
