import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { languageOf } from '@shared/i18n/languages';
import { connectRealtime, disconnectRealtime } from '../../api/realtime';
import { ns } from '../../kit/dashboard/locale';
import { DASHBOARD_IDS, useDashboard } from '../../kit/dashboard/registry';
import { DashboardRuntimeContext, type DashboardRuntime } from '../../kit/dashboard/runtime';
import { nextIndex, parseRotation } from './rotation';
import { useIdleCursor } from './useIdleCursor';
import { WallBoard } from './WallBoard';
import { wallChart, wallFontSize } from './wallChart';
import { wallFetch } from './wallClient';
import './wall.css';

/** Wall screens always show the dark theme, whatever the console's setting. */
function useForcedDark() {
  useEffect(() => {
    const body = document.body;
    const before = body.getAttribute('arco-theme');
    const scheme = document.documentElement.style.colorScheme;
    body.setAttribute('arco-theme', 'dark');
    document.documentElement.style.colorScheme = 'dark';
    return () => {
      if (before) body.setAttribute('arco-theme', before);
      else body.removeAttribute('arco-theme');
      document.documentElement.style.colorScheme = scheme;
    };
  }, []);
}

function useViewportWidth() {
  const [width, setWidth] = useState(window.innerWidth);
  useEffect(() => {
    const resize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return width;
}

/**
 * A wall screen (`#/wall/<id>`, outside the layout): full screen, dark, large type, no
 * chrome and no mouse. It refreshes itself, takes live stock changes from the socket,
 * rotates through `?rotate=` every `?interval=` seconds, and rides out a server that went
 * away: calls retry with backoff under a "reconnecting" badge, the socket reconnects.
 */
export default function Wall() {
  const { t, i18n } = useTranslation(ns);
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const rotation = useMemo(() => parseRotation(id, search, DASHBOARD_IDS), [id, search]);
  const [index, setIndex] = useState(rotation.start);
  const count = rotation.ids.length;
  const fontSize = wallFontSize(useViewportWidth());
  const idle = useIdleCursor();
  useForcedDark();

  useEffect(() => {
    setIndex(rotation.start);
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => nextIndex(i, count)), rotation.seconds * 1000);
    return () => clearInterval(timer);
  }, [rotation, count]);

  useEffect(() => {
    void connectRealtime();
    return disconnectRealtime;
  }, []);

  const runtime = useMemo<DashboardRuntime>(() => ({
    fetch: wallFetch, retry: true, refreshSeconds: rotation.refreshSeconds, refreshInBackground: true, chartOption: wallChart(fontSize), drill: false,
  }), [rotation.refreshSeconds, fontSize]);
  const def = useDashboard(rotation.ids[index] ?? '');

  return (
    <DashboardRuntimeContext.Provider value={runtime}>
      <div className={`wall${idle ? ' wall--idle' : ''}`} data-testid="wall" data-dashboard={def.data?.id}>
        {!count || def.data === null ? <div className="wall__message">{t('notFound')}</div>
          : def.data ? <WallBoard key={def.data.id} def={def.data} lang={languageOf(i18n.language)} position={count > 1 ? `${index + 1} / ${count}` : ''} />
            : null}
      </div>
    </DashboardRuntimeContext.Provider>
  );
}
