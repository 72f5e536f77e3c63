import { useEffect, useState } from "react";
import { PORTALS } from "../content/portals";
import { INITIAL_WEATHER, pickWeather, WEATHER_CHANGE_MS, WEATHER_ICON, WEATHER_LABEL } from "../lib/weather";

/** Simulated weather for Monrovia (spec §4): starts sunny 28°C, re-picked every 5 minutes. */
export function WeatherChip() {
  const [weather, setWeather] = useState(INITIAL_WEATHER);
  useEffect(() => {
    const timer = window.setInterval(() => setWeather(pickWeather()), WEATHER_CHANGE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm"
      title={PORTALS.weather.simulatedNote}
      data-testid="weather-chip"
      data-condition={weather.condition}
    >
      <span aria-hidden="true">{WEATHER_ICON[weather.condition]}</span>
      <span>
        <span className="sr-only">{PORTALS.weather.label}: </span>
        {`${WEATHER_LABEL[weather.condition]} ${weather.temperature} · ${weather.location}`}
      </span>
      <span className="rounded bg-white px-1.5 text-[10px] font-semibold uppercase tracking-wide text-green-900">
        Simulated
      </span>
    </p>
  );
}
