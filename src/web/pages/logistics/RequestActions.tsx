import { Button, Drawer, Input, Message, Modal } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@shared/i18n/languages';
import { canMove, isCarRequestStatus, STATUS_LABELS, type CarRequestStatus, type DispatchAction } from '@shared/logistics/dispatch';
import { rethrowUnlessShown } from '../../api/client';
import { onTrip, useMissedPushes } from '../../api/realtime';
import { ns } from './locale';
import { REQUEST_LIST_ID, tripApi, tripKey, TRIPS_KEY } from './tripApi';
import { TripView } from './TripView';

/** A car request row as the list answers it (the manifest's fields, with ref labels). */
export type RequestRow = { id: number; requestNo: string; status: CarRequestStatus } & Record<string, unknown>;

/** A list row of car requests, as the request page's rows all are. */
export const isRequestRow = (row: Record<string, unknown>): row is RequestRow =>
  typeof row.id === 'number' && typeof row.requestNo === 'string' && isCarRequestStatus(row.status);

/** Keeps the car request list and open trips fresh while consoles elsewhere move them. */
export function useLiveRequests() {
  const queryClient = useQueryClient();
  useEffect(() => onTrip((trip) => {
    void queryClient.invalidateQueries({ queryKey: ['list', REQUEST_LIST_ID] });
    void queryClient.invalidateQueries({ queryKey: tripKey(trip.id) });
  }), [queryClient]);
  // Which trips moved while the list was hidden is not known: the list and every trip.
  useMissedPushes('trip', () => {
    void queryClient.invalidateQueries({ queryKey: ['list', REQUEST_LIST_ID] });
    void queryClient.invalidateQueries({ queryKey: TRIPS_KEY });
  });
}

/** Runs a dispatch move, says what happened, and refreshes the list and the trip. */
export function useMove() {
  const { t, i18n } = useTranslation(ns);
  const queryClient = useQueryClient();
  return async (action: Exclude<DispatchAction, 'assign'>, row: RequestRow, note?: string) => {
    try {
      const moved = await tripApi.move(action, row.id, note);
      Message.success(t('moved', { no: row.requestNo, status: STATUS_LABELS[moved.status].label[languageOf(i18n.language)] }));
      await queryClient.invalidateQueries({ queryKey: ['list', REQUEST_LIST_ID] });
      await queryClient.invalidateQueries({ queryKey: tripKey(row.id) });
    } catch (err) {
      rethrowUnlessShown(err);
    }
  };
}

/** Cancel, with the reason asked first (the request's history keeps it). */
export function CancelButton({ row, onCancel }: { row: RequestRow; onCancel(note?: string): Promise<void> }) {
  const { t } = useTranslation(ns);
  if (!canMove(row.status, 'cancel')) return null;
  const confirm = () => {
    let note = '';
    Modal.confirm({
      title: t('cancelTitle', { no: row.requestNo }),
      content: <Input.TextArea maxLength={256} placeholder={t('cancelNote')} onChange={(v) => { note = v; }} data-testid="cancel-note" />,
      okButtonProps: { status: 'danger' },
      onOk: () => onCancel(note || undefined),
    });
  };
  return <Button size="mini" type="text" status="danger" onClick={confirm} data-testid={`cancel-${row.requestNo}`}>{t('cancel')}</Button>;
}

/** A trip in a drawer, from any list of car requests. */
export function TripButton({ row, reportPerm }: { row: RequestRow; reportPerm?: string }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="mini" type="text" onClick={() => setOpen(true)} data-testid={`trip-${row.requestNo}`}>{t('trip')}</Button>
      <Drawer width="min(960px, 100vw)" title={`${t('trip')} ${row.requestNo}`} visible={open} onCancel={() => setOpen(false)} footer={null} unmountOnExit>
        <TripView id={row.id} reportPerm={reportPerm} />
      </Drawer>
    </>
  );
}

