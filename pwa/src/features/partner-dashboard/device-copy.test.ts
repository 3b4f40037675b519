import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { fetchOrDeviceCopy, type DeviceCopyStore, type SavedCopy } from './device-copy';

function memory<T>(initial?: SavedCopy<T>): DeviceCopyStore<T> & { copy: SavedCopy<T> | undefined } {
  const s = {
    copy: initial,
    read: async () => s.copy,
    write: async (copy: SavedCopy<T>) => {
      s.copy = copy;
    },
  };
  return s;
}
const at = () => new Date('2025-03-01T10:00:00.000Z');

describe('fetchOrDeviceCopy', () => {
  it('answers the fresh answer online and saves it', async () => {
    const store = memory<number[]>();
    expect(await fetchOrDeviceCopy(async () => [1, 2], store, at)).toEqual({ value: [1, 2], savedAt: null });
    expect(store.copy).toEqual({ value: [1, 2], savedAt: '2025-03-01T10:00:00.000Z' });
  });
  it('answers the saved copy, with its time, without a network', async () => {
    const store = memory({ value: [7], savedAt: '2025-02-28T09:00:00.000Z' });
    expect(await fetchOrDeviceCopy(() => Promise.reject(new TypeError('Failed to fetch')), store, at)).toEqual({ value: [7], savedAt: '2025-02-28T09:00:00.000Z' });
  });
  it('lets the server’s errors through, and a network error with nothing saved', async () => {
    const forbidden = new ApiError(403, '{"message":"Partner Access Required"}', 'Forbidden');
    await expect(fetchOrDeviceCopy(() => Promise.reject(forbidden), memory({ value: [7], savedAt: 'x' }), at)).rejects.toBe(forbidden);
    const offline = new TypeError('Failed to fetch');
    await expect(fetchOrDeviceCopy(() => Promise.reject(offline), memory<number[]>(), at)).rejects.toBe(offline);
  });
});
