/**
 * The map of the verification queue (/unified-land-inspector-dashboard): a client-only island,
 * fetched with a dynamic import only when the inspector taps "Show map", so leaflet never weighs
 * on the first load. It shows the plots of the current page (their centres) and "me" when a
 * position is known. The list with distances below it stays the page's content (and the no-JS view).
 */
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";
import { useEffect, useRef, useState } from "react";

export type QueueMapPlot = { id: string; plotCode: string; reason: string; lat: number; lon: number };

export default function VisitQueueMap({
  plots,
  me,
}: {
  plots: QueueMapPlot[];
  me: { lat: number; lon: number } | null;
}) {
  const ref = useRef<HTMLElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  useEffect(() => {
    if (!ref.current) return;
    const map = L.map(ref.current, { center: [6.45, -9.43], zoom: 7 });
    const tiles = L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 19,
      attribution: "© OpenStreetMap contributors",
    });
    tiles.on("tileerror", () => setTilesFailed(true));
    tiles.addTo(map);
    const points: L.LatLngTuple[] = [];
    for (const p of plots) {
      const at: L.LatLngTuple = [p.lat, p.lon];
      points.push(at);
      L.circleMarker(at, { radius: 7, color: "#92400e", weight: 2, fillOpacity: 0.6 })
        .bindPopup(
          `<a href="/land-plot-details/${encodeURIComponent(p.id)}">${escapeHtml(p.plotCode)}</a><br>${escapeHtml(p.reason)}`,
        )
        .addTo(map);
    }
    if (me) {
      const at: L.LatLngTuple = [me.lat, me.lon];
      points.push(at);
      L.circleMarker(at, { radius: 8, color: "#1d4ed8", weight: 3, fillOpacity: 0.9 }).bindPopup("You").addTo(map);
    }
    if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 14 });
    else if (points.length === 1) map.setView(points[0]!, 13);
    return () => {
      map.remove();
    };
  }, [plots, me]);
  return (
    <div>
      <section
        ref={ref}
        className="h-72 w-full rounded-md border border-slate-300"
        aria-label="Map of the plots on this page of the queue"
        data-testid="queue-map"
      />
      {tilesFailed && (
        <p className="text-xs text-slate-600">
          The background map could not load (offline?): the plots are still shown.
        </p>
      )}
    </div>
  );
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
