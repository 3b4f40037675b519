import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('createQueryClient', () => {
  it('starts offline when the app opens without a network, so reconnecting refetches', () => {
    vi.stubGlobal('navigator', { onLine: false });
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('starts online when the browser has a network', () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('navigator', { onLine: true });
    createQueryClient();
    expect(onlineManager.isOnline()).toBe(true);
  });
});
