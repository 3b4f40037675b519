import { describe, expect, it } from 'vitest';
import { popupShift } from './popup-placement';

const map = { top: 100, bottom: 600, left: 0, right: 390 };
const box = (top: number, left = 100, height = 90, width = 200) => ({ top, bottom: top + height, left, right: left + width });

describe('popupShift', () => {
  it('leaves a popup that is fully visible where it is', () => {
    expect(popupShift(box(300), map, 64, 20)).toEqual([0, 0]);
  });
  it('moves a popup that sits under the sticky header down to below it', () => {
    // The page is scrolled: the map's top (100) is under the header, whose bottom is at 180.
    expect(popupShift(box(150), { ...map, top: 100 }, 180, 20)).toEqual([0, 50]);
  });
  it('keeps it inside the map when no header covers it', () => {
    expect(popupShift(box(90), map, 0, 20)).toEqual([0, 30]);
    expect(popupShift(box(550), map, 0, 20)).toEqual([0, -60]);
  });
  it('moves it in from the sides', () => {
    expect(popupShift(box(300, -30), map, 0, 20)).toEqual([50, 0]);
    expect(popupShift(box(300, 250), map, 0, 20)).toEqual([-80, 0]);
  });
  it('prefers the top when the visible map is shorter than the popup', () => {
    expect(popupShift(box(150, 100, 300), { ...map, bottom: 400 }, 180, 20)).toEqual([0, 50]);
  });
});
