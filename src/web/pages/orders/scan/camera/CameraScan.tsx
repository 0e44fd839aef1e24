import { Button, Modal } from '@arco-design/web-react';
import { IconCamera } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ns } from '../../locale';

/** How often a frame is read, and how long the same barcode in view is not read again. */
const FRAME_MS = 200;
const SAME_CODE_MS = 2_500;

export const cameraAvailable = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * The camera button of the scanning screen: a phone without a wedge scanner reads the labels
 * (Code 128, QR) with its back camera; each barcode read goes the way a typed one goes, with the
 * same checks, messages and sounds (`onRead`).
 */
export function CameraScan({ onRead, disabled }: { onRead(code: string): void; disabled: boolean }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  if (!cameraAvailable()) return null;
  return (
    <>
      <Button icon={<IconCamera />} onClick={() => setOpen(true)} disabled={disabled} data-testid="scan-camera" aria-label={t('camera')}>{t('camera')}</Button>
      <Modal visible={open} title={t('camera')} footer={null} onCancel={() => setOpen(false)} unmountOnExit className="scan-camera-modal">
        <CameraView onRead={onRead} />
      </Modal>
    </>
  );
}

function CameraView({ onRead }: { onRead(code: string): void }) {
  const { t } = useTranslation(ns);
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onRead);
  latest.current = onRead;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    const canvas = document.createElement('canvas');
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (err) {
        setProblem(err instanceof DOMException && err.name === 'NotAllowedError' ? t('cameraDenied') : t('cameraMissing'));
        return;
      }
      const el = video.current;
      if (stopped || !el) return stream.getTracks().forEach((track) => track.stop());
      el.srcObject = stream;
      await el.play();
      const { readFrame } = await import('./cameraReader');
      const tick = async () => {
        if (stopped) return;
        const g = canvas.getContext('2d', { willReadFrequently: true });
        if (el.videoWidth && g) {
          canvas.width = el.videoWidth;
          canvas.height = el.videoHeight;
          g.drawImage(el, 0, 0);
          const code = await readFrame(g.getImageData(0, 0, canvas.width, canvas.height));
          const now = Date.now();
          if (code && !stopped && (code !== last.code || now - last.at > SAME_CODE_MS)) {
            last = { code, at: now };
            latest.current(code);
          }
        }
        timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [t]);

  return (
    <div className="scan-camera" data-testid="scan-camera-view">
      {problem ? <p className="scan-camera__problem" role="alert">{problem}</p> : <video ref={video} muted playsInline aria-label={t('cameraHint')} />}
      <p className="scan-camera__hint">{t('cameraHint')}</p>
    </div>
  );
}
