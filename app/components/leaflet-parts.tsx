/**
 * What the client-only Leaflet islands share (supplier map, visit queue map, plot capture map):
 * the OpenStreetMap background, framing the points shown, and the map box with its offline note.
 * Import it only from those lazily loaded islands, so Leaflet never weighs on a first load.
 */
import * as L from "leaflet";

/** OpenStreetMap's background tiles on `map`, up to `maxZoom`; `onFail` when a tile cannot load (offline?). */
export function addOsmTiles(map: L.Map, maxZoom: number, onFail: () => void) {
  const tiles = L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
    maxZoom,
    attribution: "© OpenStreetMap contributors",
  });
  tiles.on("tileerror", onFail);
  tiles.addTo(map);
}

/** Frame the points: all of them (up to `maxZoom`), or one at `oneZoom`; none leaves the map as it is. */
export function fitPoints(map: L.Map, points: L.LatLngTuple[], maxZoom: number, oneZoom: number) {
  if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom });
  else if (points.length === 1) map.setView(points[0]!, oneZoom);
}

/** The map's box (Leaflet draws into `mapRef`) and, when the background failed, a note of what still shows. */
export function MapBox({
  mapRef,
  label,
  testId,
  tilesFailed,
  stillShown,
}: {
  mapRef: React.RefObject<HTMLElement | null>;
  label: string;
  testId: string;
  tilesFailed: boolean;
  /** e.g. "the plots are still shown". */
  stillShown: string;
}) {
  return (
    <div>
      <section
        ref={mapRef}
        className="h-72 w-full rounded-md border border-slate-300"
        aria-label={label}
        data-testid={testId}
      />
      {tilesFailed && (
        <p className="text-xs text-slate-600">{`The background map could not load (offline?): ${stillShown}.`}</p>
      )}
    </div>
  );
}
