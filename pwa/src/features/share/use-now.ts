import { useEffect, useState } from 'react';

/** The time now, read again every `everyMs` while mounted: a list of links reads "Expired" once one runs out. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
