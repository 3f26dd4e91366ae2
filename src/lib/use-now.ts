import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so what depends on it moves on while a screen stays open: deadline
 * colours of a task list (every minute), a token that expires while the users table is open (every 30 s).
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
