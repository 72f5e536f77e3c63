/**
 * The buyer's suppliers on a map (/agricultural-buyer-dashboard), coarsened: one circle per 0.1°
 * cell (about 11 km) with how many farmers and plots are in it — no names, no plot outlines, no
 * exact location (the server rounds before anything is sent). A client-only island fetched with a
 * dynamic import when the buyer taps "Show map"; the table by county is the no-JS view.
 */
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";
import { useEffect, useRef, useState } from "react";

export type SupplierMapCell = { lat: number; lon: number; plots: number; farmers: number };

export default function SupplierMap({ cells }: { cells: SupplierMapCell[] }) {
  const ref = useRef<HTMLElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  useEffect(() => {
    if (!ref.current) return;
    const map = L.map(ref.current, { center: [6.45, -9.43], zoom: 7, maxZoom: 11 });
    const tiles = L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 11,
      attribution: "© OpenStreetMap contributors",
    });
    tiles.on("tileerror", () => setTilesFailed(true));
    tiles.addTo(map);
    const points: L.LatLngTuple[] = [];
    for (const c of cells) {
      const at: L.LatLngTuple = [c.lat, c.lon];
      points.push(at);
      L.circleMarker(at, { radius: 6 + Math.min(14, c.farmers * 2), color: "#166534", weight: 2, fillOpacity: 0.5 })
        .bindPopup(`${c.farmers} farmer${c.farmers === 1 ? "" : "s"}, ${c.plots} plot${c.plots === 1 ? "" : "s"}`)
        .addTo(map);
    }
    if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 10 });
    else if (points.length === 1) map.setView(points[0]!, 9);
    return () => {
      map.remove();
    };
  }, [cells]);
  return (
    <div>
      <section
        ref={ref}
        className="h-72 w-full rounded-md border border-slate-300"
        aria-label="Map of my suppliers, by area of about 11 km"
        data-testid="supplier-map"
      />
      {tilesFailed && (
        <p className="text-xs text-slate-600">
          The background map could not load (offline?): the supplier areas are still shown.
        </p>
      )}
    </div>
  );
}
