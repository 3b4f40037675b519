import { useEffect, useState } from 'react';
import { browserStorage } from './ad-storage';
import { nextIndex, saveIndex, startIndex } from './ad-rotation';

/**
 * The advert index of one rotation (consumer spec §4), for a component that renders only once
 * adverts are there (and is keyed by `storageKey`): it starts from local storage or a random
 * index, advances every `intervalMs` (0: paused) while there are several adverts, and is saved on
 * each change.
 */
export function useAdRotation(storageKey: string, count: number, intervalMs: number) {
  const [raw, setRaw] = useState(() => startIndex(browserStorage('local'), storageKey, count));
  const index = count > 0 ? raw % count : 0;

  useEffect(() => {
    saveIndex(browserStorage('local'), storageKey, index);
  }, [storageKey, index]);

  useEffect(() => {
    if (count <= 1 || intervalMs <= 0) return;
    const timer = setInterval(() => setRaw((i) => nextIndex(i % count, count)), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs]);

  return { index, show: setRaw };
}
