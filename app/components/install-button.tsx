import { useEffect, useState } from "react";

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

/**
 * Offers the browser's own install prompt where it exists (Chrome on Android and desktop).
 * Elsewhere it explains the manual steps; without JavaScript the guide link is enough.
 */
export function InstallButton() {
  const [promptEvent, setPromptEvent] = useState<InstallPromptEvent | null>(null);
  const [state, setState] = useState<"unknown" | "installed" | "accepted" | "dismissed">("unknown");

  useEffect(() => {
    if (window.matchMedia?.("(display-mode: standalone)").matches) setState("installed");
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as InstallPromptEvent);
    };
    const onInstalled = () => setState("installed");
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (state === "installed") {
    return <p className="rounded-md bg-green-100 p-3 text-green-900">The app is installed on this device.</p>;
  }
  if (!promptEvent) {
    return (
      <p className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">
        Your browser has not offered a one-tap install. Follow the installation guide below to add the app to your home
        screen.
      </p>
    );
  }
  return (
    <div>
      <button
        type="button"
        className="rounded-md bg-green-800 px-5 py-3 font-semibold text-white hover:bg-green-900"
        onClick={async () => {
          await promptEvent.prompt();
          const choice = await promptEvent.userChoice;
          setState(choice.outcome === "accepted" ? "accepted" : "dismissed");
          setPromptEvent(null);
        }}
      >
        Install the app
      </button>
      {state === "dismissed" && <p className="mt-2 text-sm text-slate-600">Installation cancelled.</p>}
    </div>
  );
}
