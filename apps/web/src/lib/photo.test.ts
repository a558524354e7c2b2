import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, PHOTO_LONG_SIDE } from './photo';

describe('fitWithin (docs/rules.md#daily-use)', () => {
  it('brings a 4000x3000 camera photo to 1920 px on its long side, keeping its shape', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1440, height: 1920 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(1000, 420)).toEqual({ width: 1000, height: 420 });
    expect(fitWithin(PHOTO_LONG_SIDE, 10)).toEqual({ width: PHOTO_LONG_SIDE, height: 10 });
  });

  it('keeps at least one pixel on a very thin image', () => {
    expect(fitWithin(10_000, 1)).toEqual({ width: 1920, height: 1 });
  });
});

describe('jpegName', () => {
  it('names the reduced photo as the JPEG it is', () => {
    expect(jpegName('cupom.png')).toBe('cupom.jpg');
    expect(jpegName('descricao42.jpg')).toBe('descricao42.jpg');
    expect(jpegName('IMG.2026.11.HEIC')).toBe('IMG.2026.11.jpg');
    expect(jpegName('foto')).toBe('foto.jpg');
    expect(jpegName('.png')).toBe('foto.jpg');
  });
});
