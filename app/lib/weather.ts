/** Simulated weather chip for Monrovia (spec §3 weather display state, §4, §9). Never fetched. */
export type WeatherCondition = "sunny" | "cloudy" | "partly-cloudy" | "rainy";
export type WeatherState = { condition: WeatherCondition; temperature: string; location: string };

export const WEATHER_LOCATION = "Monrovia, Liberia";
/** The chip changes every 5 minutes (spec §9: 300,000 ms). */
export const WEATHER_CHANGE_MS = 300_000;

export const WEATHER_OPTIONS: readonly WeatherState[] = [
  { condition: "sunny", temperature: "28°C", location: WEATHER_LOCATION },
  { condition: "cloudy", temperature: "26°C", location: WEATHER_LOCATION },
  { condition: "partly-cloudy", temperature: "25°C", location: WEATHER_LOCATION },
  { condition: "rainy", temperature: "24°C", location: WEATHER_LOCATION },
];

export const INITIAL_WEATHER: WeatherState = WEATHER_OPTIONS[0]!;

export const WEATHER_ICON: Record<WeatherCondition, string> = {
  sunny: "☀️",
  cloudy: "☁️",
  "partly-cloudy": "⛅",
  rainy: "🌧️",
};

export const WEATHER_LABEL: Record<WeatherCondition, string> = {
  sunny: "Sunny",
  cloudy: "Cloudy",
  "partly-cloudy": "Partly cloudy",
  rainy: "Rainy",
};

/** Picks one of the four states; `random` returns a number in [0, 1). */
export function pickWeather(random: () => number = Math.random): WeatherState {
  const index = Math.min(WEATHER_OPTIONS.length - 1, Math.floor(random() * WEATHER_OPTIONS.length));
  return WEATHER_OPTIONS[index]!;
}
