/** Where the map's popup may sit: inside the visible part of the map, below the sticky header. */

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * How far (in pixels) the map's content must move so that the popup's box lies within the part of
 * the map a person can see: inside the map, below the sticky header, `margin` from each edge.
 * The top wins when the popup cannot fit both ways.
 */
export function popupShift(
  popup: Box,
  map: Box,
  headerBottom: number,
  margin: number,
): [number, number] {
  const top = Math.max(map.top, headerBottom) + margin;
  const bottom = map.bottom - margin;
  const left = map.left + margin;
  const right = map.right - margin;
  const dx = popup.left < left ? left - popup.left : popup.right > right ? Math.max(right - popup.right, left - popup.left) : 0;
  const dy = popup.top < top ? top - popup.top : popup.bottom > bottom ? Math.max(bottom - popup.bottom, top - popup.top) : 0;
  return [dx, dy];
}

