import { ALARM_CHECK_INTERVAL_MS, alarmRingKey, businessClock, dueAlarms, type Alarm } from '@lawn/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

type AlarmWatcherOptions = {
  /** Today's alarms of the person, as last fetched. */
  alarms: readonly Alarm[] | undefined;
  /** What else an alarm does when it rings (a sound, a browser notification). */
  onRing: (alarm: Alarm) => void;
};

/**
 * Every 40 s, looks for an active alarm of today whose time (plus its duration once snoozed) has come, in the
 * business's zone, and opens it. Each check covers the minutes since the previous one, so a check a hidden tab
 * delayed still rings; an alarm rings once for each time it is due (again only once snoozed or rescheduled).
 * Returns the alarms ringing, oldest first, and a way to close one.
 */
export function useAlarmWatcher({ alarms, onRing }: AlarmWatcherOptions) {
  const [ringing, setRinging] = useState<Alarm[]>([]);
  const latest = useRef({ alarms, onRing });
  useEffect(() => {
    latest.current = { alarms, onRing };
  }, [alarms, onRing]);
  const rung = useRef(new Set<string>());
  const lastCheck = useRef<{ date: string; minute: number } | null>(null);

  useEffect(() => {
    const check = () => {
      const now = businessClock(new Date());
      const previous = lastCheck.current;
      const fromMinute = previous && previous.date === now.date ? previous.minute : now.minute;
      lastCheck.current = now;
      const due = dueAlarms(latest.current.alarms ?? [], now.date, { fromMinute, toMinute: now.minute }).filter(
        (alarm) => !rung.current.has(alarmRingKey(alarm)),
      );
      if (due.length === 0) return;
      for (const alarm of due) {
        rung.current.add(alarmRingKey(alarm));
        latest.current.onRing(alarm);
      }
      setRinging((current) => [...current.filter((open) => !due.some((alarm) => alarm.id === open.id)), ...due]);
    };
    const timer = setInterval(check, ALARM_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const dismiss = useCallback((id: number) => setRinging((current) => current.filter((alarm) => alarm.id !== id)), []);
  return { ringing, dismiss };
}
