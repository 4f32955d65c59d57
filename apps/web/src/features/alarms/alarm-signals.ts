import type { Alarm } from '@lawn/shared';

/**
 * What an alarm does besides opening: a short beep, and a browser notification when the person allowed them.
 * Browsers keep sound off until the person has interacted with the page (autoplay policy): until then the beep is
 * skipped quietly, and the first click or key press unlocks it for the rest of the session.
 */

type AudioContextClass = typeof AudioContext;

let audio: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const Context = (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
  if (!Context) return null;
  audio ??= new Context();
  return audio;
}

/** Resumes the sound on the first interaction, as browsers allow only then; idempotent. */
export function unlockAlarmSoundOnInteraction(): () => void {
  const unlock = () => {
    const context = audioContext();
    if (context?.state === 'suspended') context.resume().catch(() => undefined);
  };
  const events = ['pointerdown', 'keydown'] as const;
  for (const event of events) document.addEventListener(event, unlock, { once: true, capture: true });
  return () => {
    for (const event of events) document.removeEventListener(event, unlock, { capture: true });
  };
}

/** Three short beeps, if the browser lets the page sound; nothing (and no error) otherwise. */
export function playAlarmBeep(): void {
  const context = audioContext();
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const offset of [0, 0.35, 0.7]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.25);
  }
}

/** Whether the browser can show notifications at all. */
export function canNotify(): boolean {
  return typeof Notification !== 'undefined';
}

/** The browser's notification permission, or 'unsupported'. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return canNotify() ? Notification.permission : 'unsupported';
}

/** Asks the browser for permission: only from a button the person pressed, never on load. */
export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!canNotify()) return 'unsupported';
  return Notification.requestPermission();
}

/** A browser notification of the alarm when the person allowed them; one per alarm, replacing an older one. */
export function showAlarmNotification(alarm: Alarm): void {
  if (notificationPermission() !== 'granted') return;
  try {
    new Notification(`Alarm: ${alarm.regarding}`, { body: alarm.detail, tag: `alarm-${alarm.id}` });
  } catch {
    // Some browsers allow notifications only from a service worker; the alarm still opens on the page.
  }
}
