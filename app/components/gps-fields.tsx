import { useEffect, useState } from "react";
import { FieldError } from "#app/components/kit/form-field";

type Field = { id: string; name: string; defaultValue?: string; errors?: string[] };

/** A GpsFields field from conform's field metadata. */
export const gpsField = (meta: { id: string; name: string; initialValue?: unknown; errors?: string[] }): Field => ({
  id: meta.id,
  name: meta.name,
  defaultValue: meta.initialValue as string | undefined,
  errors: meta.errors,
});

/**
 * Latitude/longitude inputs of a custody point. Typed by hand with JavaScript off; with
 * JavaScript on, a "Use my location" button fills them from the phone's GPS (6 decimals, the
 * EUDR precision). The button only appears once the page is interactive.
 */
export function GpsFields({ latitude, longitude }: { latitude: Field; longitude: Field }) {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => setReady(typeof navigator !== "undefined" && "geolocation" in navigator), []);

  const locate = () => {
    setStatus("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const set = (id: string, value: number) => {
          const input = document.getElementById(id) as HTMLInputElement | null;
          if (input) {
            input.value = value.toFixed(6);
            input.dispatchEvent(new Event("input", { bubbles: true }));
          }
        };
        set(latitude.id, pos.coords.latitude);
        set(longitude.id, pos.coords.longitude);
        setStatus(`Location filled in (accurate to about ${Math.round(pos.coords.accuracy)} m).`);
      },
      (err) =>
        setStatus(
          err.code === err.PERMISSION_DENIED
            ? "Location permission was refused: type the coordinates instead."
            : "Your location could not be found: type the coordinates instead.",
        ),
      { enableHighAccuracy: true, timeout: 20000, maximumAge: 60000 },
    );
  };

  return (
    <fieldset className="rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">GPS position (optional)</legend>
      <div className="grid grid-cols-2 gap-3">
        {[
          [latitude, "Latitude", "e.g. 6.995412"],
          [longitude, "Longitude", "e.g. -9.472311"],
        ].map(([f, label, placeholder]) => {
          const field = f as Field;
          return (
            <div key={field.name}>
              <label htmlFor={field.id} className="block text-sm font-semibold">
                {label as string}
              </label>
              <FieldError field={field} />
              <input
                id={field.id}
                name={field.name}
                defaultValue={field.defaultValue}
                inputMode="decimal"
                placeholder={placeholder as string}
                aria-invalid={field.errors?.length ? true : undefined}
                aria-describedby={field.errors?.length ? `${field.id}-error` : undefined}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
              />
            </div>
          );
        })}
      </div>
      {ready && (
        <button
          type="button"
          onClick={locate}
          className="mt-2 min-h-11 rounded-md border border-green-800 px-3 py-1.5 text-sm font-semibold text-green-800"
        >
          Use my location
        </button>
      )}
      {status && (
        <p className="mt-1 text-sm text-slate-700" role="status">
          {status}
        </p>
      )}
    </fieldset>
  );
}
