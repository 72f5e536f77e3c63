/**
 * The drawing map of /create-land-plot: a client-only island, loaded with a dynamic import so
 * leaflet (and its CSS) never weighs on any other page. The coordinates textarea stays the one
 * source of truth — taps and GPS fixes rewrite it, typing in it redraws the map — so the same
 * plain form posts what was drawn. Tiles are decoration: offline the map is blank but the
 * vertices, the outline and the checks still work.
 */
import "leaflet/dist/leaflet.css";
import turfArea from "@turf/area";
import * as L from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import { addOsmTiles } from "#app/components/leaflet-parts";
import { metresBetween, type Position, verticesOf } from "#app/lib/plot-vertices";
import { PLOT_HINTS } from "#worker/content/land-plots";
import { parsePlotCoordinates, positionsToText } from "#worker/contracts/plot";
import type { CaptureMode } from "#worker/contracts/plot-light";
import { apiRequest, isConnectionError, serverMessage } from "../lib/api-client";

type Issue = { rule: string; message: string };
type Check =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "done"; valid: boolean; areaHectares: number; errors: Issue[]; warnings: Issue[] }
  | { state: "unavailable"; message: string };

export type PlotCaptureMapProps = {
  mode: CaptureMode;
  text: string;
  onTextChange: (text: string) => void;
  /** The other form fields, read when the plot is checked. */
  readContext: () => { farmerId: string; crop: string; declaredAreaHectares: string };
};

const LIBERIA_CENTRE: L.LatLngTuple = [6.45, -9.43];
const MAX_ACCURACY_M = PLOT_HINTS.gpsAccuracy;
const STEP_M = PLOT_HINTS.gpsStepMetres;
const CHECK_DELAY_MS = 800;

export default function PlotCaptureMap({ mode, text, onTextChange, readContext }: PlotCaptureMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const shapesRef = useRef<L.LayerGroup | null>(null);
  const gpsLayerRef = useRef<L.LayerGroup | null>(null);
  const vertices = useMemo(() => verticesOf(text).vertices, [text]);
  const verticesRef = useRef(vertices);
  verticesRef.current = vertices;
  // Taps must never overwrite what the map cannot show (a line being typed, a MultiPolygon).
  const syntax = text.trim() ? parsePlotCoordinates(text, "polygon") : null;
  const blocked =
    syntax && !syntax.ok
      ? syntax.errors[0]!
      : syntax?.ok && vertices.length === 0
        ? "The pasted GeoJSON cannot be edited on the map."
        : null;
  const blockedRef = useRef(blocked);
  blockedRef.current = blocked;
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const fromMapRef = useRef(false);
  const [tilesFailed, setTilesFailed] = useState(false);

  // GPS walk state.
  const watchRef = useRef<number | null>(null);
  const [walking, setWalking] = useState(false);
  const [accuracy, setAccuracy] = useState<number | null>(null);
  const [rejected, setRejected] = useState(0);
  const [gpsError, setGpsError] = useState<string | null>(null);

  const [check, setCheck] = useState<Check>({ state: "idle" });

  function commit(next: Position[]) {
    fromMapRef.current = true;
    onTextChange(positionsToText(next));
  }

  function addVertex(p: Position) {
    if (blockedRef.current) return;
    commit(modeRef.current === "point" ? [p] : [...verticesRef.current, p]);
  }

  // The map's click handler is bound once: it calls the latest addVertex through this ref.
  const addVertexRef = useRef(addVertex);
  addVertexRef.current = addVertex;
  const readContextRef = useRef(readContext);
  readContextRef.current = readContext;

  // Create the map once.
  useEffect(() => {
    if (!containerRef.current) return;
    const map = L.map(containerRef.current, {
      center: LIBERIA_CENTRE,
      zoom: 7,
      zoomControl: true,
      attributionControl: true,
    });
    addOsmTiles(map, 19, () => setTilesFailed(true));
    L.control.scale({ imperial: false }).addTo(map);
    shapesRef.current = L.layerGroup().addTo(map);
    gpsLayerRef.current = L.layerGroup().addTo(map);
    map.on("click", (e: L.LeafletMouseEvent) => addVertexRef.current([e.latlng.lng, e.latlng.lat]));
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // Redraw whenever the text changes; fit the view when the change did not come from the map.
  useEffect(() => {
    const map = mapRef.current;
    const layer = shapesRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const latlngs = vertices.map(([lon, lat]) => L.latLng(lat, lon));
    if (mode === "polygon" && latlngs.length >= 3) {
      L.polygon(latlngs, { color: "#166534", weight: 2, fillOpacity: 0.2 }).addTo(layer);
    } else if (mode === "polygon" && latlngs.length === 2) {
      L.polyline(latlngs, { color: "#166534", weight: 2, dashArray: "4 4" }).addTo(layer);
    }
    for (const [i, ll] of latlngs.entries()) {
      L.circleMarker(ll, {
        radius: 6,
        color: i === 0 ? "#92400e" : "#166534",
        weight: 2,
        fillColor: "#ffffff",
        fillOpacity: 1,
      })
        .bindTooltip(`Point ${i + 1}`)
        .addTo(layer);
    }
    if (!fromMapRef.current && latlngs.length) {
      if (latlngs.length === 1) map.setView(latlngs[0]!, 17);
      else map.fitBounds(L.latLngBounds(latlngs), { padding: [24, 24], maxZoom: 19 });
    }
    fromMapRef.current = false;
  }, [vertices, mode]);

  // Live EUDR checks while drawing (debounced), by the server's own validator.
  useEffect(() => {
    const { geojson } = verticesOf(text);
    const parsed = parsePlotCoordinates(text, mode);
    const enough =
      mode === "point" ? vertices.length === 1 : vertices.length >= 3 || (geojson !== null && vertices.length === 0);
    if (!parsed.ok || !enough) {
      setCheck({ state: "idle" });
      return;
    }
    setCheck({ state: "checking" });
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      const ctx = readContextRef.current();
      const declared = Number(ctx.declaredAreaHectares);
      try {
        const res = await apiRequest("POST", "/api/plots/validate", {
          geometry: parsed.geojson,
          crop: ctx.crop || undefined,
          farmerId: ctx.farmerId.trim().toUpperCase() || undefined,
          declaredAreaHectares:
            mode === "point" && ctx.declaredAreaHectares && Number.isFinite(declared) ? declared : undefined,
        });
        const body = (await res.json()) as {
          valid?: boolean;
          areaHectares?: number;
          errors?: Issue[];
          warnings?: Issue[];
          offlineMode?: boolean;
          message?: string;
        };
        if (cancelled) return;
        if (body.offlineMode || typeof body.valid !== "boolean") {
          setCheck({
            state: "unavailable",
            message: "Offline: the checks run when the connection is back. Your points are kept on this phone.",
          });
          return;
        }
        setCheck({
          state: "done",
          valid: body.valid,
          areaHectares: body.areaHectares ?? 0,
          errors: body.errors ?? [],
          warnings: body.warnings ?? [],
        });
      } catch (error) {
        if (cancelled) return;
        setCheck({
          state: "unavailable",
          message: isConnectionError(error)
            ? "No connection: the checks run when it is back. Your points are kept on this phone."
            : serverMessage(error, "The checks could not run just now; they run again when you save."),
        });
      }
    }, CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [text, mode, vertices.length]);

  function stopWalking() {
    if (watchRef.current !== null) navigator.geolocation.clearWatch(watchRef.current);
    watchRef.current = null;
    setWalking(false);
  }
  // Leaving the page stops the GPS watch.
  useEffect(
    () => () => {
      if (watchRef.current !== null) navigator.geolocation.clearWatch(watchRef.current);
    },
    [],
  );

  function startWalking() {
    if (!("geolocation" in navigator)) {
      setGpsError("This phone or browser has no GPS access.");
      return;
    }
    setGpsError(null);
    setRejected(0);
    setAccuracy(null);
    setWalking(true);
    watchRef.current = navigator.geolocation.watchPosition(
      (pos) => {
        const acc = pos.coords.accuracy;
        setAccuracy(acc);
        const here: Position = [pos.coords.longitude, pos.coords.latitude];
        const gps = gpsLayerRef.current;
        if (gps) {
          gps.clearLayers();
          L.circle([here[1], here[0]], { radius: acc, color: "#1d4ed8", weight: 1, fillOpacity: 0.1 }).addTo(gps);
          L.circleMarker([here[1], here[0]], {
            radius: 5,
            color: "#1d4ed8",
            fillColor: "#3b82f6",
            fillOpacity: 1,
          }).addTo(gps);
        }
        // A fix worse than the stated accuracy would put a corner metres away from the boundary.
        if (acc > MAX_ACCURACY_M) {
          setRejected((n) => n + 1);
          return;
        }
        mapRef.current?.setView([here[1], here[0]], Math.max(mapRef.current.getZoom(), 18));
        if (modeRef.current === "point") {
          addVertex(here);
          stopWalking();
          return;
        }
        const last = verticesRef.current.at(-1);
        if (!last || metresBetween(last, here) >= STEP_M) addVertex(here);
      },
      (error) => {
        setGpsError(
          error.code === error.PERMISSION_DENIED
            ? "GPS access was refused. Allow location for this site in the browser settings, or type the coordinates."
            : "No GPS fix yet. Stay in the open sky and wait, or type the coordinates.",
        );
        if (error.code === error.PERMISSION_DENIED) stopWalking();
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
  }

  const localHa =
    mode === "polygon" && vertices.length >= 3
      ? turfArea({ type: "Polygon", coordinates: [[...vertices, vertices[0]!]] }) / 10_000
      : null;

  return (
    <section aria-labelledby="plot-map-title" className="space-y-2 rounded-md border border-slate-300 bg-white p-3">
      <h2 id="plot-map-title" className="font-bold">
        Draw on the map or walk the boundary
      </h2>
      <p className="text-sm text-slate-600">
        {mode === "point"
          ? "Tap the map where the plot is, or use the GPS at the plot."
          : "Tap each corner of the plot in order, or walk round it with the GPS. The points appear in the coordinates box below."}
      </p>
      <div
        ref={containerRef}
        className="h-72 w-full rounded bg-slate-200 sm:h-96"
        role="application"
        aria-label="Plot map: tap to add a point"
        data-testid="plot-map"
      />
      {blocked && (
        <p className="text-sm font-semibold text-amber-800">
          The map is not adding points until the coordinates box is fixed or cleared: {blocked}
        </p>
      )}
      {tilesFailed && (
        <p className="text-xs text-slate-600">
          The background map is not available (offline?). You can still draw: the points and outline are shown.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="rounded border border-slate-400 px-3 py-2 text-sm font-semibold disabled:opacity-50"
          disabled={!vertices.length}
          onClick={() => commit(verticesRef.current.slice(0, -1))}
        >
          Undo last point
        </button>
        <button
          type="button"
          className="rounded border border-slate-400 px-3 py-2 text-sm font-semibold disabled:opacity-50"
          disabled={!vertices.length}
          onClick={() => {
            if (window.confirm("Remove all points of this plot?")) commit([]);
          }}
        >
          Clear
        </button>
        {walking ? (
          <button
            type="button"
            className="rounded bg-red-700 px-3 py-2 text-sm font-semibold text-white"
            onClick={stopWalking}
          >
            Stop GPS
          </button>
        ) : (
          <button
            type="button"
            className="rounded bg-blue-800 px-3 py-2 text-sm font-semibold text-white"
            onClick={startWalking}
          >
            {mode === "point" ? "Use my GPS position" : "Walk the boundary with GPS"}
          </button>
        )}
      </div>
      <div className="text-sm" aria-live="polite">
        <p className="text-slate-700">
          GPS: only fixes accurate to ±{MAX_ACCURACY_M} m or better are used
          {mode === "polygon" ? `; a point is added each time you have walked ${STEP_M} m` : ""}.
        </p>
        {(walking || accuracy !== null) && (
          <p data-testid="gps-status">
            {walking ? "Walking. " : ""}Current accuracy:{" "}
            {accuracy === null ? "waiting for a fix…" : `±${Math.round(accuracy)} m`}
            {accuracy !== null && accuracy > MAX_ACCURACY_M ? " (too imprecise, not used)" : ""} · Fixes rejected:{" "}
            {rejected} · Points: {vertices.length}
          </p>
        )}
        {gpsError && <p className="font-semibold text-red-700">{gpsError}</p>}
      </div>
      <div className="text-sm" aria-live="polite" data-testid="live-check">
        {localHa !== null && check.state !== "done" && (
          <p>Area (computed on this phone): about {localHa.toFixed(4)} ha</p>
        )}
        {check.state === "checking" && <p className="text-slate-600">Checking against the EUDR rules…</p>}
        {check.state === "unavailable" && <p className="text-slate-600">{check.message}</p>}
        {check.state === "done" && (
          <>
            <p className={check.valid ? "font-semibold text-green-800" : "font-semibold text-red-700"}>
              {check.valid ? "Passes every EUDR check" : "Not valid yet"} · Area: {check.areaHectares.toFixed(4)} ha
              {mode === "point" ? " (declared, or 4 ha when not given)" : ""}
            </p>
            {check.errors.length > 0 && (
              <ul className="list-disc pl-5 text-red-800">
                {check.errors.map((e) => (
                  <li key={e.rule + e.message}>
                    {e.message} <span className="text-xs">(rule: {e.rule})</span>
                  </li>
                ))}
              </ul>
            )}
            {check.warnings.length > 0 && (
              <ul className="list-disc pl-5 text-amber-800">
                {check.warnings.map((w) => (
                  <li key={w.rule + w.message}>
                    {w.message} <span className="text-xs">(rule: {w.rule})</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
