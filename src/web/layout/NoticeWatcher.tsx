import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NoticeItem, NoticeMessage } from '@shared/api/notices';
import { NOTICE_BASE, NOTICE_POLL_MS, NOTICE_SPEECH_RATE, ORDER_MONITOR_PATH, noticeTitleOf } from '@shared/api/noticeWatch';
import type { Language } from '@shared/i18n/languages';
import { feedbackUi } from '../api/feedback';
import { api } from '../api/http';
import { NOTICE_LIST_ID, connectRealtime, disconnectRealtime, onNotice } from '../api/realtime';
import { whenIdle } from '../kit/whenIdle';
import { defineLocale, i18n, storedLanguage } from '../i18n';
import { session } from '../stores/session';

const ns = defineLocale('notice', {
  'zh-CN': { item: '{{brand}} {{specification}} {{pattern}}{{batch}}，数量 {{quantity}}', batch: '，批次 {{batch}}', open: '点击查看订单消息' },
  'en-US': { item: '{{brand}} {{specification}} {{pattern}}{{batch}}, quantity {{quantity}}', batch: ', batch {{batch}}', open: 'Click to open the order messages' },
});
const t = (key: string, params: Record<string, unknown> = {}) => i18n.t(`${ns}:${key}`, params);
/** The popup on screen; a newer notice closes it. */
let popupId: string | null = null;

async function closePopup() {
  if (!popupId) return;
  const { Notification } = await feedbackUi();
  Notification.remove(popupId);
  popupId = null;
}

/** Arco's Notification loads on the first notice, outside the layout's bundle. */
async function popup(notice: NoticeMessage, title: string, lines: string[], onClick: () => void) {
  const { Notification } = await feedbackUi();
  await closePopup();
  popupId = `delivery-notice-${notice.id}`;
  Notification.info({
    id: popupId,
    title,
    duration: 0,
    closable: true,
    onClose: () => { if (popupId === `delivery-notice-${notice.id}`) popupId = null; },
    content: (
      <div role="button" tabIndex={0} onClick={onClick} onKeyDown={(e) => { if (e.key === 'Enter') onClick(); }}
        style={{ cursor: 'pointer' }} data-testid="notice-popup" data-notice-id={notice.id}>
        {lines.map((line, i) => <div key={i}>{line}</div>)}
        <div style={{ color: 'rgb(var(--primary-6))', marginTop: 6 }}>{t('open')}</div>
      </div>
    ),
  });
}

/** Read aloud in the console's language at the rate of docs/product.md#session, where the browser can speak. */
function speak(text: string, lang: Language) {
  if (!('speechSynthesis' in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  utterance.rate = NOTICE_SPEECH_RATE;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

const itemLine = (i: NoticeItem) => t('item', { ...i, batch: i.batch ? t('batch', { batch: i.batch }) : '' });

/**
 * New-delivery notices for the signed-in user (spec sections 4 and 9): polls getNewNotice
 * 10 s after start and every 10 s while answers succeed, and takes the socket's pushes in
 * between. Only the newest popup stays open; it never closes by itself, is read aloud, and
 * a click marks it read and opens the order monitor.
 */
export function NoticeWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What a screen reader says of the newest notice; the region is on the page before it changes, so it is heard.
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    let newestId = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = async (notice: NoticeMessage) => {
      await closePopup();
      await api.post(`${NOTICE_BASE}/setRead`, { ids: [notice.id] });
      void queryClient.invalidateQueries({ queryKey: ['list', NOTICE_LIST_ID] });
      // Users whose menu lacks the order monitor only mark the notice read.
      if (session.routeIndex.has(ORDER_MONITOR_PATH)) navigate(ORDER_MONITOR_PATH);
    };

    const show = async (notice: NoticeMessage) => {
      // The socket and the poll can bring the same notice; each is shown once.
      if (notice.id <= newestId) return;
      newestId = notice.id;
      void queryClient.invalidateQueries({ queryKey: ['list', NOTICE_LIST_ID] });
      const lang = storedLanguage();
      const lines = notice.orderItemList.map(itemLine);
      // A socket push reaches readers of both languages: each titles it in its own.
      const title = noticeTitleOf(lang, notice.orderType, notice.orderNo, notice.orderItemList);
      // A failed setRead was shown by the client; the popup is gone and the notice stays unread.
      setAnnounced([title, ...lines].join(lang === 'zh-CN' ? '。' : '. '));
      // A failed open was shown by the client; the notice stays in the list to open again.
      await popup(notice, title, lines, () => void open(notice).catch(() => undefined));
      speak([title, ...lines].join(lang === 'zh-CN' ? '。' : '. '), lang);
    };

    // Spec: the poll repeats while the answer is a success; a failure was shown by the client.
    const poll = () => {
      timer = setTimeout(() => {
        api.post<NoticeMessage | null>(`${NOTICE_BASE}/getNewNotice`, newestId ? { afterId: newestId } : {}).then(
          async (notice) => {
            if (stopped) return;
            if (notice) await show(notice);
            poll();
          },
          // Spec: polling stops at a failed answer (the client showed it); the socket still pushes.
          () => undefined,
        );
      }, NOTICE_POLL_MS);
    };

    poll();
    const unsubscribe = onNotice((notice) => void show(notice));
    // At the page's first idle moment: the socket's library, handshake and the server's
    // session check otherwise ran beside the layout's first render and home's charts. The first
    // view's data is as fresh as its answers; what changes once the socket is up is pushed, and
    // the poll above finds a notice sent before that.
    const connect = whenIdle(() => void connectRealtime());
    return () => {
      stopped = true;
      connect.cancel();
      clearTimeout(timer);
      unsubscribe();
      disconnectRealtime();
      void closePopup();
    };
  }, [navigate, queryClient]);

  return <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="notice-announcement">{announced}</div>;
}
