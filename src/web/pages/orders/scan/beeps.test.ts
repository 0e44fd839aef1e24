import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's AudioContext that records the tones asked of it. */
class FakeAudioContext {
  static made = 0;
  static tones: { type: string; frequency: number; start: number }[] = [];
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() { FakeAudioContext.made += 1; }
  createGain() { return { gain: { setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() }, connect: (to: unknown) => to }; }
  createOscillator() {
    const osc = { type: '', frequency: { value: 0 }, connect: (to: unknown) => to, stop: vi.fn(),
      start: (at: number) => FakeAudioContext.tones.push({ type: osc.type, frequency: osc.frequency.value, start: at }) };
    return osc;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('scanner sounds', () => {
  it('stay silent until the first gesture makes the audio context, which is made once', async () => {
    FakeAudioContext.made = 0; // whichever test ran first
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.resetModules();
    const { SOUNDS, unlockAudio } = await import('./beeps');
    SOUNDS.added();
    expect(FakeAudioContext.made).toBe(0);
    unlockAudio();
    unlockAudio();
    expect(FakeAudioContext.made).toBe(1);
  });

  it('a high beep for success, a lower double beep for removed, a low buzz for a refusal', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.resetModules();
    const { SOUNDS, unlockAudio } = await import('./beeps');
    unlockAudio();
    FakeAudioContext.tones = [];
    SOUNDS.added();
    expect(FakeAudioContext.tones).toEqual([{ type: 'sine', frequency: 1760, start: 0 }]);
    FakeAudioContext.tones = [];
    SOUNDS.removed();
    expect(FakeAudioContext.tones.map((t) => t.frequency)).toEqual([660, 660]);
    expect(FakeAudioContext.tones[1].start).toBeGreaterThan(FakeAudioContext.tones[0].start);
    FakeAudioContext.tones = [];
    SOUNDS.refused();
    expect(FakeAudioContext.tones[0].type).toBe('square');
    expect(FakeAudioContext.tones[0].frequency).toBeLessThan(660);
  });
});
