import { describe, expect, it } from 'vitest';
import { detectImageFormat } from './image-format';

const bytes = (...values: number[]) => Buffer.from(values);

describe('detectImageFormat', () => {
  it('knows JPEG, PNG and WebP by their signatures', () => {
    expect(detectImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))?.ext).toBe('jpg');
    expect(detectImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.ext).toBe('png');
    expect(detectImageFormat(Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WEBPVP8 ')]))?.ext).toBe('webp');
  });

  it('refuses anything else, however it is named', () => {
    expect(detectImageFormat(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(detectImageFormat(Buffer.from('GIF89a......'))).toBeNull();
    expect(detectImageFormat(Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(detectImageFormat(bytes(0xff, 0xd8))).toBeNull();
    expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
  });
});
