/**
 * The map of the verification queue (/unified-land-inspector-dashboard): a client-only island,
 * fetched with a dynamic import only when the inspector taps "Show map", so leaflet never weighs
 * on the first load. It shows the plots of the current page (their centres) and "me" when a
 * position is known. The list with distances below it stays the page's content (and the no-JS view).
 */
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { addOsmTiles, fitPoints, MapBox } from "#app/components/leaflet-parts";

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
    addOsmTiles(map, 19, () => setTilesFailed(true));
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
    fitPoints(map, points, 14, 13);
    return () => {
      map.remove();
    };
  }, [plots, me]);
  return (
    <MapBox
      mapRef={ref}
      label="Map of the plots on this page of the queue"
      testId="queue-map"
      tilesFailed={tilesFailed}
      stillShown="the plots are still shown"
    />
  );
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
