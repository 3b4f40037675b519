import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `delayMs`: a search box asks the server once a pause,
 * not once a key. A value for which `immediately` holds (e.g. an emptied box) is taken at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, immediately?: (value: T) => boolean): T {
  const [settled, setSettled] = useState(value);
  const now = immediately?.(value) ?? false;
  // Taken during render (React's way to adjust state to a prop), so no render sees the old value.
  if (now && !Object.is(settled, value)) setSettled(value);
  useEffect(() => {
    if (now) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, now]);
  return now ? value : settled;
}
