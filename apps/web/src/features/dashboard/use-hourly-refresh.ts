import { DASHBOARD_REFRESH_CHECK_MS, isDashboardRefreshDue } from '@lawn/shared';
import { useEffect, useRef } from 'react';

/** Looks at the clock every minute and calls `refresh` when the hour has just turned (minute 0). */
export function useHourlyRefresh(refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (isDashboardRefreshDue(new Date())) latest.current();
    }, DASHBOARD_REFRESH_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
}
