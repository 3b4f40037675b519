/**
 * The OpenLayers map of the property map (consumer spec §2 "Property Map", §9). This module is
 * the only one that imports `ol`; MapPage loads it with React.lazy, so OpenLayers is fetched on
 * /map only.
 *
 * - OpenStreetMap raster tiles (256 px, max zoom 18), initial centre -41.2865, 174.7762 at zoom 6,
 *   then fitted with 20 px padding to the box of all located properties (`fitBox`, from the
 *   extent endpoint) once it is known. From then on the view is reported (`onViewChange`, in
 *   degrees, debounced after each move) so the page can load the properties around it; the markers
 *   are the properties loaded so far (only new ones are added as more arrive).
 * - Markers: a round 24 px blue marker with a tick per valued property, 20 px grey with a question
 *   mark otherwise (an OpenLayers Cluster source under a canvas vector layer). Properties at the
 *   very same spot are drawn as one numbered group. With more than GROUP_MARKERS_ABOVE (1,000)
 *   properties, markers that would overlap at the current zoom (centres closer than
 *   {@link GROUP_DISTANCE_PX}) are grouped too, which keeps the map smooth with tens of thousands
 *   of properties: a few hundred symbols are drawn at country scale instead of 20,000 overlapping
 *   ones (drawn one by one, a software renderer needed over a second per frame), and zoomed in,
 *   every property is its own marker again. Clicking a group zooms in to its members.
 * - Clicks and hovering find the marker under the pointer on the CPU through the source's spatial
 *   index (no read-back of pixels).
 * - The map is created once its container has a size, retried every 100 ms; creation errors are
 *   only logged (console.error).
 * - The popup is an OpenLayers Overlay whose content React renders through a portal. When it opens
 *   the map pans, if need be, so that it is fully visible inside the map and below the page's
 *   sticky header (keepPopupInView).
 * - For tests and tools, the container carries `data-selected-pixel="x,y"` (the selected marker's
 *   pixel within the map, updated after each render), `data-zoom` (after each move) and
 *   `data-marker-count` (the properties on the map, once their markers are added).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import Overlay from 'ol/Overlay';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import Cluster from 'ol/source/Cluster';
import OSM from 'ol/source/OSM';
import VectorSource from 'ol/source/Vector';
import { boundingExtent, getHeight, getWidth } from 'ol/extent';
import { fromLonLat, toLonLat } from 'ol/proj';
import { Circle as CircleStyle, Icon, Stroke, Style } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import type { Coordinate } from 'ol/coordinate';
import type { Pixel } from 'ol/pixel';
import {
  MAP_CREATE_RETRY_MS,
  MAP_FIT_PADDING_PX,
  MAP_INITIAL_CENTER,
  MAP_INITIAL_ZOOM,
  MAP_MAX_ZOOM,
  UNVALUED_MARKER_PX,
  VALUED_MARKER_PX,
  GROUP_DISTANCE_PX,
  groupLabel,
  groupRadius,
  groupsNearbyMarkers,
  type MapPoint,
} from './map-data';
import { afterNextPaint, FEATURE_BATCH, mapInBatches, yieldToMain } from './main-thread';
import { VIEW_DEBOUNCE_MS, type LonLatBox } from './map-tiles';
import { groupMarkerBitmap, unvaluedMarkerBitmap, valuedMarkerBitmap } from './marker-bitmaps';
import { popupShift } from './popup-placement';

/** Zoom used when a property is chosen from the list (close enough to tell neighbours apart). */
const FOCUS_ZOOM = 15;
/** Extra pixels around a marker that still count as a click on it. */
const HIT_TOLERANCE_PX = 2;
/** Fitting a single property (or a tight group) stops at this zoom. */
const FIT_MAX_ZOOM = 15;
/** The open popup keeps this far from the visible map's edges (and below the sticky header). */
const POPUP_MARGIN_PX = 20;
/** Padding when zooming in to a group's members. */
const GROUP_ZOOM_PADDING_PX = 60;

export interface PropertyMapCanvasProps {
  points: readonly MapPoint[];
  /** The box to fit once: undefined while unknown, null when there is nothing to fit. */
  fitBox: LonLatBox | null | undefined;
  /** The view in degrees, after the fit and after each move (debounced). */
  onViewChange: (view: LonLatBox) => void;
  selectedId: string | null;
  popupOpen: boolean;
  /** Changes when the map should centre on the selected property (a choice from the list). */
  focusSeq: number;
  popup: ReactNode;
  onMarkerClick: (id: string) => void;
  onEmptyClick: () => void;
}

type MarkerFeature = Feature<Point>;

interface Engine {
  map: OlMap;
  markers: VectorSource<MarkerFeature>;
  groups: Cluster<MarkerFeature>;
  selection: VectorSource<MarkerFeature>;
  overlay: Overlay;
  dispose: () => void;
}

// Bitmaps at the screen's density (marker-bitmaps.ts): stamped, not rendered from SVG per marker.
// Drawn when the first map is built, not when this module loads (its evaluation is long enough).
let singleStyles: { valued: Style; unvalued: Style } | undefined;
const pixelRatio = () => Math.max(1, window.devicePixelRatio || 1);
function markerStyles() {
  if (singleStyles) return singleStyles;
  const ratio = pixelRatio();
  singleStyles = {
    valued: new Style({ image: new Icon({ img: valuedMarkerBitmap(VALUED_MARKER_PX, ratio), width: VALUED_MARKER_PX, height: VALUED_MARKER_PX }) }),
    // Grey markers are drawn over blue ones, so a valued neighbour cannot hide them.
    unvalued: new Style({
      image: new Icon({ img: unvaluedMarkerBitmap(UNVALUED_MARKER_PX, ratio), width: UNVALUED_MARKER_PX, height: UNVALUED_MARKER_PX }),
      zIndex: 1,
    }),
  };
  return singleStyles;
}

const groupStyles = new Map<string, Style>();
function groupStyle(count: number): Style {
  const label = groupLabel(count);
  let style = groupStyles.get(label);
  if (!style) {
    // One bitmap per label (marker-bitmaps.ts): no text is laid out while the map draws.
    const radius = groupRadius(count);
    const px = 2 * (radius + 1);
    style = new Style({ image: new Icon({ img: groupMarkerBitmap(label, radius, pixelRatio()), width: px, height: px }), zIndex: 2 });
    groupStyles.set(label, style);
  }
  return style;
}

const members = (group: FeatureLike): MarkerFeature[] => (group.get('features') as MarkerFeature[] | undefined) ?? [];

function markerStyle(group: FeatureLike): Style {
  const list = members(group);
  if (list.length === 1) return list[0]!.get('valued') ? markerStyles().valued : markerStyles().unvalued;
  return groupStyle(list.length);
}

const toCoordinate = (p: MapPoint): Coordinate => fromLonLat([p.longitude, p.latitude]);

function markerFeature(p: MapPoint): MarkerFeature {
  const feature = new Feature({ geometry: new Point(toCoordinate(p)), valued: p.hasValuation ? 1 : 0 });
  feature.setId(p.id);
  return feature;
}

/**
 * Builds the map in pieces, yielding to the main thread between them (OpenLayers' set-up in one go
 * is a long task on a phone): the layers and view, then the map with its controls and interactions,
 * then attaching it to the page (which sizes it and draws its first frame on the next animation
 * frame). Answers null when `cancelled()` turns true on the way; throws what OpenLayers throws.
 */
async function createEngine(target: HTMLDivElement, popupElement: HTMLElement, cancelled: () => boolean): Promise<Engine | null> {
  markerStyles();
  await yieldToMain();
  if (cancelled()) return null;
  const markers = new VectorSource<MarkerFeature>();
  const groups = new Cluster<MarkerFeature>({ source: markers, distance: 0 });
  // Drawn into an image that is only redrawn when the view or the markers change: each tile that
  // arrives redraws the map, and would otherwise replay every marker (a VectorLayer's way).
  const markerLayer = new VectorImageLayer({ source: groups, style: markerStyle });
  const selection = new VectorSource<MarkerFeature>();
  const selectionLayer = new VectorLayer({
    source: selection,
    zIndex: 10,
    style: new Style({ image: new CircleStyle({ radius: 16, stroke: new Stroke({ color: '#f59e0b', width: 4 }) }) }),
  });
  const overlay = new Overlay({
    element: popupElement,
    positioning: 'bottom-center',
    offset: [0, -18],
    stopEvent: true,
    // Not OpenLayers' autoPan: it keeps the popup inside the map's box, which the sticky header
    // can cover once the page is scrolled; keepPopupInView knows about the header.
    autoPan: false,
  });
  // No fade-in: while any tile fades (250 ms each, as they arrive one by one), OpenLayers draws
  // the whole map again on every animation frame, which keeps a phone's main thread busy.
  const tiles = new TileLayer({ source: new OSM({ maxZoom: MAP_MAX_ZOOM, transition: 0 }) });
  const view = new View({
    center: fromLonLat([MAP_INITIAL_CENTER.longitude, MAP_INITIAL_CENTER.latitude]),
    zoom: MAP_INITIAL_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
  });
  await yieldToMain();
  if (cancelled()) return null;
  const map = new OlMap({ layers: [tiles, markerLayer, selectionLayer], overlays: [overlay], view });
  const dispose = () => {
    map.setTarget(undefined);
    map.dispose();
  };
  // Attached just after a frame was painted: OpenLayers then reads the container's size, which
  // forces a layout of the whole page if the page changed since the last frame (React has just
  // rendered it); after a paint, that layout is already done.
  await afterNextPaint();
  if (cancelled()) {
    dispose();
    return null;
  }
  map.setTarget(target);
  return { map, markers, groups, selection, overlay, dispose };
}

/** The view in degrees (the whole world's longitudes when it shows all of them). */
function viewBox(map: OlMap): LonLatBox | null {
  const size = map.getSize();
  if (!size) return null;
  const [x0, y0, x1, y1] = map.getView().calculateExtent(size) as [number, number, number, number];
  const [west, south] = toLonLat([x0, y0]) as [number, number];
  const [east, north] = toLonLat([x1, y1]) as [number, number];
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  // toLonLat wraps longitudes into -180…180; a view wider than the world keeps all of them.
  if (x1 - x0 >= 2 * 20037508.342789244) return [-180, lat(south), 180, lat(north)];
  return [west, lat(south), east, lat(north)];
}

/** A box in degrees as map coordinates (across the antimeridian: the east edge one world on). */
function boxExtent(box: LonLatBox) {
  const east = box[0] <= box[2] ? box[2] : box[2] + 360;
  return boundingExtent([fromLonLat([box[0], box[1]]), fromLonLat([east, box[3]])]);
}

/** The bottom of the page's sticky header in the viewport (0 when there is none or it scrolled away). */
function stickyHeaderBottom(): number {
  const header = document.querySelector('.app-header');
  if (!header) return 0;
  const position = getComputedStyle(header).position;
  if (position !== 'sticky' && position !== 'fixed') return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

/** Pans the map so the open popup is fully visible, below the sticky header (an animated move). */
function keepPopupInView(engine: Engine, popupElement: HTMLElement): void {
  const { map } = engine;
  const target = map.getTargetElement();
  const size = map.getSize();
  const box = (popupElement.firstElementChild ?? popupElement).getBoundingClientRect();
  if (!target || !size || box.height === 0) return;
  const [dx, dy] = popupShift(box, target.getBoundingClientRect(), stickyHeaderBottom(), POPUP_MARGIN_PX);
  if (dx === 0 && dy === 0) return;
  const center = map.getCoordinateFromPixel([size[0]! / 2 - dx, size[1]! / 2 - dy]);
  if (center) map.getView().animate({ center, duration: 200 });
}

type Hit = { kind: 'property'; id: string } | { kind: 'group'; members: MarkerFeature[] };

/**
 * What is under a pixel: a property, a group, or nothing. Found through the drawn groups' spatial
 * index; the symbol drawn on top wins (groups over grey markers over blue ones, then the nearest).
 */
function hitAt(engine: Engine, pixel: Pixel): Hit | null {
  const { map, groups } = engine;
  const coordinate = map.getCoordinateFromPixel(pixel);
  const resolution = map.getView().getResolution();
  if (!coordinate || !resolution) return null;
  const reach = (groupRadius(Number.MAX_SAFE_INTEGER) + HIT_TOLERANCE_PX) * resolution;
  const [x, y] = coordinate as [number, number];
  let best: { group: FeatureLike; rank: number; distance: number } | null = null;
  for (const group of groups.getFeaturesInExtent([x - reach, y - reach, x + reach, y + reach])) {
    const at = (group.getGeometry() as Point | undefined)?.getCoordinates();
    const list = members(group);
    if (!at || list.length === 0) continue;
    const distance = Math.hypot(at[0]! - x, at[1]! - y) / resolution;
    const single = list.length === 1;
    const valued = single && list[0]!.get('valued') === 1;
    const radius = single ? (valued ? VALUED_MARKER_PX : UNVALUED_MARKER_PX) / 2 : groupRadius(list.length);
    if (distance > radius + HIT_TOLERANCE_PX) continue;
    const rank = single ? (valued ? 0 : 1) : 2;
    if (!best || rank > best.rank || (rank === best.rank && distance < best.distance)) best = { group, rank, distance };
  }
  if (!best) return null;
  const list = members(best.group);
  return list.length === 1 ? { kind: 'property', id: String(list[0]!.getId()) } : { kind: 'group', members: list };
}

/** Zooms in to a group's members; answers false when they cannot be told apart any closer. */
function zoomToGroup(engine: Engine, list: MarkerFeature[]): boolean {
  const view = engine.map.getView();
  const extent = boundingExtent(list.map((f) => f.getGeometry()!.getCoordinates()));
  const atMaxZoom = (view.getZoom() ?? 0) >= (view.getMaxZoom() ?? MAP_MAX_ZOOM) - 0.01;
  if (atMaxZoom || (getWidth(extent) === 0 && getHeight(extent) === 0)) return false;
  const p = GROUP_ZOOM_PADDING_PX;
  view.fit(extent, { padding: [p, p, p, p], duration: 300, maxZoom: MAP_MAX_ZOOM });
  return true;
}

export default function PropertyMapCanvas(props: PropertyMapCanvasProps) {
  const { points, selectedId, popupOpen, focusSeq, popup } = props;
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [popupElement] = useState(() => {
    const el = document.createElement('div');
    el.className = 'map-popup-anchor';
    return el;
  });
  const [engine, setEngine] = useState<Engine | null>(null);
  // Latest callbacks for the map's listeners (registered once).
  const handlers = useRef({ onMarkerClick: props.onMarkerClick, onEmptyClick: props.onEmptyClick, onViewChange: props.onViewChange });
  useEffect(() => {
    handlers.current = { onMarkerClick: props.onMarkerClick, onEmptyClick: props.onEmptyClick, onViewChange: props.onViewChange };
  }, [props.onMarkerClick, props.onEmptyClick, props.onViewChange]);
  // Views are reported once the first fit is done (before, the initial view would load for nothing).
  const reporting = useRef(false);
  // Once the map has centred on a chosen property, the first fit (which may come later) leaves it there.
  const focused = useRef(false);
  const latestPoints = useRef(points);
  useEffect(() => {
    latestPoints.current = points;
  }, [points]);
  // The selection whose popup was last brought into view (so markers arriving later do not pan again).
  const shownPopup = useRef<string | null>(null);

  // Create the map once its container has a size (retried every 100 ms); errors are only logged.
  useEffect(() => {
    let created: Engine | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const isCancelled = () => cancelled;
    const listen = (e: Engine, target: HTMLDivElement) => {
      e.map.on('singleclick', (event) => {
        const hit = hitAt(e, event.pixel);
        if (!hit) handlers.current.onEmptyClick();
        else if (hit.kind === 'property') handlers.current.onMarkerClick(hit.id);
        // Members at one spot that no zoom can separate: the first is chosen (the list names them all).
        else if (!zoomToGroup(e, hit.members)) handlers.current.onMarkerClick(String(hit.members[0]!.getId()));
      });
      let viewTimer: ReturnType<typeof setTimeout> | undefined;
      e.map.on('moveend', () => {
        target.setAttribute('data-zoom', (e.map.getView().getZoom() ?? 0).toFixed(2));
        if (!reporting.current) return;
        clearTimeout(viewTimer);
        viewTimer = setTimeout(() => {
          const box = viewBox(e.map);
          if (box && !cancelled) handlers.current.onViewChange(box);
        }, VIEW_DEBOUNCE_MS);
      });
      e.map.on('pointermove', (event) => {
        if (event.dragging) return;
        target.style.cursor = hitAt(e, event.pixel) ? 'pointer' : '';
      });
    };
    const attempt = async () => {
      timer = undefined;
      if (cancelled) return;
      const target = containerRef.current;
      if (!target || target.clientWidth === 0 || target.clientHeight === 0) {
        timer = setTimeout(() => void attempt(), MAP_CREATE_RETRY_MS);
        return;
      }
      try {
        created = await createEngine(target, popupElement, isCancelled);
      } catch (error) {
        console.error('Could not create the property map', error);
        return;
      }
      if (!created) return;
      listen(created, target);
      setEngine(created);
    };
    timer = setTimeout(() => void attempt(), 0);
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      created?.dispose();
      created = null;
    };
  }, [popupElement]);

  // The first fit, to every located property; then the view is reported, at once and after each move.
  const { fitBox } = props;
  useEffect(() => {
    if (!engine || fitBox === undefined || reporting.current) return;
    if (fitBox && !focused.current) {
      const p = MAP_FIT_PADDING_PX;
      engine.map.getView().fit(boxExtent(fitBox), { size: engine.map.getSize(), padding: [p, p, p, p], maxZoom: FIT_MAX_ZOOM });
    }
    reporting.current = true;
    const box = viewBox(engine.map);
    if (box) handlers.current.onViewChange(box);
  }, [engine, fitBox]);

  // Markers: only properties not drawn yet are added as more are loaded (all are redrawn should one
  // go). They are made a batch at a time, yielding between batches, then added at once (each
  // addition regroups every marker).
  const [markersShown, setMarkersShown] = useState<readonly MapPoint[]>([]);
  useEffect(() => {
    if (!engine) return;
    let cancelled = false;
    const ids = new Set(points.map((p) => p.id));
    if (engine.markers.getFeatures().some((f) => !ids.has(String(f.getId())))) engine.markers.clear(true);
    const fresh = points.filter((p) => !engine.markers.getFeatureById(p.id));
    void (async () => {
      const features = await mapInBatches(fresh, FEATURE_BATCH, markerFeature, () => cancelled);
      if (!features) return;
      await yieldToMain();
      if (cancelled) return;
      engine.groups.setDistance(groupsNearbyMarkers(points.length) ? GROUP_DISTANCE_PX : 0);
      const added = features.filter((f) => !engine.markers.getFeatureById(f.getId()!));
      if (added.length > 0) engine.markers.addFeatures(added);
      // For tests and tools: how many properties the map holds (each drawn alone or in a group).
      engine.map.getTargetElement()?.setAttribute('data-marker-count', String(engine.markers.getFeatures().length));
      setMarkersShown(points);
    })();
    return () => {
      cancelled = true;
    };
  }, [engine, points]);

  // A choice from the list (or /map?property=): centre the map on the property, close enough to
  // tell it apart. Its coordinates come from the points, so this works before its marker is drawn.
  useEffect(() => {
    if (!engine || focusSeq === 0 || !selectedId) return;
    const point = latestPoints.current.find((p) => p.id === selectedId);
    if (!point) return;
    const coordinate = toCoordinate(point);
    focused.current = true;
    const view = engine.map.getView();
    view.cancelAnimations();
    view.setCenter(coordinate);
    view.setZoom(Math.max(view.getZoom() ?? MAP_INITIAL_ZOOM, FOCUS_ZOOM));
    // Render now: the popup's auto-pan (next effect) measures against the rendered frame.
    engine.map.renderSync();
    // selectedId is read, not a trigger: only a new focus request moves the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, focusSeq]);

  // The selected marker: a ring, the popup, and the pixel attribute for tests.
  useEffect(() => {
    if (!engine) return;
    const feature = selectedId ? engine.markers.getFeatureById(selectedId) : null;
    const coordinate = feature?.getGeometry()?.getCoordinates() ?? null;
    engine.selection.clear(true);
    if (coordinate) engine.selection.addFeature(new Feature({ geometry: new Point(coordinate) }));
    engine.overlay.setPosition(coordinate && popupOpen ? coordinate : undefined);
    if (!coordinate || !popupOpen) shownPopup.current = null;
    else if (shownPopup.current !== selectedId) {
      shownPopup.current = selectedId;
      // Measured on the rendered frame, with the popup at its place.
      engine.map.renderSync();
      keepPopupInView(engine, popupElement);
    }
    const target = engine.map.getTargetElement();
    const writePixel = () => {
      const pixel = coordinate ? engine.map.getPixelFromCoordinate(coordinate) : null;
      if (pixel) target?.setAttribute('data-selected-pixel', `${Math.round(pixel[0]!)},${Math.round(pixel[1]!)}`);
      else target?.removeAttribute('data-selected-pixel');
    };
    writePixel();
    engine.map.on('postrender', writePixel);
    return () => engine.map.un('postrender', writePixel);
  }, [engine, selectedId, popupOpen, markersShown, popupElement]);

  return (
    <>
      <div
        ref={containerRef}
        className="property-map"
        role="application"
        aria-label="Map of properties. Use the list of properties below the map to choose one with the keyboard."
        tabIndex={0}
      />
      {createPortal(popup, popupElement)}
    </>
  );
}
