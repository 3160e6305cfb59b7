import { useCallback, useState } from 'react';
import { chatAlertsStore } from '@/shared/lib/storage';

export interface ChatAlerts {
  enabled: boolean;
  toggle: () => void;
  /** A visitor wrote where the owner is not looking: a short sound, and a desktop notification when the tab is hidden. */
  alert: (title: string, body: string, tag: string) => void;
}

let audio: AudioContext | undefined;

/** Two short soft tones, made on the spot (no sound file to load). */
function chime(): void {
  const Ctx = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  const at = audio.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, at + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.15, at + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.12 + 0.18);
    osc.connect(gain).connect(audio.destination);
    osc.start(at + i * 0.12);
    osc.stop(at + i * 0.12 + 0.2);
  }
}

const canNotify = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * Ours, opt-in (off until the owner turns it on; remembered in localStorage): a sound for a new
 * visitor message in a conversation the owner is not looking at, and a desktop notification
 * while the tab is in the background (if the browser allows it).
 */
export function useChatAlerts(): ChatAlerts {
  const [enabled, setEnabled] = useState(() => chatAlertsStore.get() === true);
  const toggle = useCallback(() => {
    setEnabled((on) => {
      chatAlertsStore.set(!on);
      if (!on && canNotify() && Notification.permission === 'default') void Notification.requestPermission();
      if (!on) audio?.resume().catch(() => undefined);
      return !on;
    });
  }, []);
  const alert = useCallback(
    (title: string, body: string, tag: string) => {
      if (!enabled) return;
      try {
        chime();
      } catch {
        // A browser that refuses audio without a gesture stays silent.
      }
      if (document.hidden && canNotify() && Notification.permission === 'granted')
        new Notification(title, { body: body.slice(0, 200), tag });
    },
    [enabled],
  );
  return { enabled, toggle, alert };
}
