/**
 * The buyer's suppliers on a map (/agricultural-buyer-dashboard), coarsened: one circle per 0.1°
 * cell (about 11 km) with how many farmers and plots are in it — no names, no plot outlines, no
 * exact location (the server rounds before anything is sent). A client-only island fetched with a
 * dynamic import when the buyer taps "Show map"; the table by county is the no-JS view.
 */
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";
import { useEffect, useRef, useState } from "react";
import { addOsmTiles, fitPoints, MapBox } from "#app/components/leaflet-parts";

export type SupplierMapCell = { lat: number; lon: number; plots: number; farmers: number };

export default function SupplierMap({ cells }: { cells: SupplierMapCell[] }) {
  const ref = useRef<HTMLElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  useEffect(() => {
    if (!ref.current) return;
    const map = L.map(ref.current, { center: [6.45, -9.43], zoom: 7, maxZoom: 11 });
    addOsmTiles(map, 11, () => setTilesFailed(true));
    const points: L.LatLngTuple[] = [];
    for (const c of cells) {
      const at: L.LatLngTuple = [c.lat, c.lon];
      points.push(at);
      L.circleMarker(at, { radius: 6 + Math.min(14, c.farmers * 2), color: "#166534", weight: 2, fillOpacity: 0.5 })
        .bindPopup(`${c.farmers} farmer${c.farmers === 1 ? "" : "s"}, ${c.plots} plot${c.plots === 1 ? "" : "s"}`)
        .addTo(map);
    }
    fitPoints(map, points, 10, 9);
    return () => {
      map.remove();
    };
  }, [cells]);
  return (
    <MapBox
      mapRef={ref}
      label="Map of my suppliers, by area of about 11 km"
      testId="supplier-map"
      tilesFailed={tilesFailed}
      stillShown="the supplier areas are still shown"
    />
  );
}
