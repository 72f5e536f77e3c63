import { describe, expect, it } from "vitest";
import { copyright, PORTALS } from "#app/content/portals";
import { formatClock } from "#app/lib/clock";
import { INITIAL_WEATHER, pickWeather, WEATHER_CHANGE_MS, WEATHER_OPTIONS } from "#app/lib/weather";
import { COUNTIES } from "#worker/content/counties";
import { CROPS, EUDR_COMMODITIES } from "#worker/domain/commodities";
import { SPEC_COUNTIES } from "./spec-fixtures";

describe("counties", () => {
  it("are the 15 of the spec, in its order, each followed by 'County'", () => {
    expect(COUNTIES).toEqual(SPEC_COUNTIES);
  });
});

describe("major cash crops", () => {
  it("are one list of more than 20 (the spec's '20+'), the EUDR commodities first", () => {
    expect(CROPS.length).toBeGreaterThan(20);
    expect(new Set(CROPS).size).toBe(CROPS.length);
    expect(CROPS.slice(0, 4)).toEqual(Object.keys(EUDR_COMMODITIES));
  });
});

describe("portal cards", () => {
  it("link to the spec's routes with the spec's feature lists", () => {
    expect(PORTALS.cards.map((c) => [c.title, c.href, c.features])).toEqual([
      [
        "Regulatory",
        "/regulatory-login",
        ["Compliance monitoring", "System analytics dashboard", "Government integration", "Real-time monitoring"],
      ],
      [
        "Farmer & Buyer",
        "/farmer-login",
        ["Farm plot mapping", "Batch code tracking", "Crop planning", "Compliance docs"],
      ],
      [
        "Inspector",
        "/inspector-login",
        ["Farmer onboarding", "GPS field mapping", "Mobile data collection", "Field reports"],
      ],
      [
        "Exporter",
        "/exporter-login",
        ["Export order management", "Regulator compliance", "Network partnerships", "Export analytics"],
      ],
    ]);
  });

  it("statistics tiles carry the spec's figures", () => {
    expect(PORTALS.stats.map((s) => `${s.value} ${s.label}`)).toEqual([
      "15 Counties",
      "20+ Cash crop types",
      "100% EUDR compliant",
      "3 Government integrations",
    ]);
  });

  it("footer names the regulator", () => {
    expect(copyright(2026)).toBe(
      "© 2026 Liberia Agriculture Commodity Regulatory Authority (LACRA). All rights reserved.",
    );
  });
});

describe("weather chip", () => {
  it("starts sunny 28°C in Monrovia, Liberia and changes every 300,000 ms", () => {
    expect(INITIAL_WEATHER).toEqual({ condition: "sunny", temperature: "28°C", location: "Monrovia, Liberia" });
    expect(WEATHER_CHANGE_MS).toBe(300_000);
  });

  it("picks among exactly the four simulated states", () => {
    expect(WEATHER_OPTIONS.map((w) => `${w.condition} ${w.temperature}`)).toEqual([
      "sunny 28°C",
      "cloudy 26°C",
      "partly-cloudy 25°C",
      "rainy 24°C",
    ]);
    expect(pickWeather(() => 0).condition).toBe("sunny");
    expect(pickWeather(() => 0.3).condition).toBe("cloudy");
    expect(pickWeather(() => 0.6).condition).toBe("partly-cloudy");
    expect(pickWeather(() => 0.999999).condition).toBe("rainy");
  });
});

describe("clock", () => {
  it("shows Monrovia date and time (GMT all year)", () => {
    expect(formatClock(new Date("2026-11-21T15:04:05Z"))).toEqual({
      date: "Saturday, 21 November 2026",
      time: "15:04:05",
    });
  });
});
