/**
 * The scanner's sounds, made with the Web Audio API (no audio files): a short high beep
 * for an accepted barcode, a lower double beep for a removed one, a buzz for a refusal.
 * Browsers only let a page start audio after a user gesture, so the context is made on
 * the first key press or click in the scanning screen (`unlockAudio`).
 */
let context: AudioContext | null = null;

export function unlockAudio() {
  if (!context && typeof AudioContext !== 'undefined') context = new AudioContext();
  if (context?.state === 'suspended') void context.resume();
}

function tone(frequency: number, startS: number, lengthS: number, wave: OscillatorType, volume: number) {
  if (!context) return;
  const osc = context.createOscillator();
  const gain = context.createGain();
  const at = context.currentTime + startS;
  osc.type = wave;
  osc.frequency.value = frequency;
  // A quick fade in and out avoids clicks at the edges.
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(volume, at + 0.005);
  gain.gain.setValueAtTime(volume, at + lengthS - 0.01);
  gain.gain.linearRampToValueAtTime(0, at + lengthS);
  osc.connect(gain).connect(context.destination);
  osc.start(at);
  osc.stop(at + lengthS);
}

export const SOUNDS = {
  added: () => tone(1760, 0, 0.08, 'sine', 0.25),
  removed: () => {
    tone(660, 0, 0.08, 'sine', 0.25);
    tone(660, 0.13, 0.08, 'sine', 0.25);
  },
  refused: () => tone(150, 0, 0.35, 'square', 0.18),
} as const;
