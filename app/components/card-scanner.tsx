/**
 * The camera scanner of the farmer's ID card (ADR 018: the QR code holds `LR-FARMER:<Farmer ID>`),
 * on the buyer dashboard. Fetched with a dynamic import only when the buyer taps "Scan card", so
 * neither it nor the QR decoder weighs on the first load. It uses the browser's BarcodeDetector
 * where there is one, otherwise the jsQR decoder (loaded on demand too). On a card it hands the
 * scanned text to the lookup form (the server reads the Farmer ID out of it); typing the ID or the
 * phone number stays the way without a camera or without JavaScript.
 */
import { useEffect, useRef, useState } from "react";

const CARD = /^LR-FARMER:FRM\d{6}$/i;

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** A decoder over video frames: the platform's BarcodeDetector, or jsQR on a canvas. */
async function makeDecoder(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!ctx || !video.videoWidth) return null;
    // A 480-px-wide frame is plenty for a card held at arm's length, and cheap on a low-end phone.
    const scale = Math.min(1, 480 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

export default function CardScanner({ onCard, onClose }: { onCard: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [message, setMessage] = useState("Starting the camera…");
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const decode = await makeDecoder();
        setMessage("Hold the farmer's card in front of the camera.");
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await decode(video.current).catch(() => null);
          if (text && CARD.test(text.trim())) {
            onCard(text.trim());
            return;
          }
          if (text) setMessage("This QR code is not a farmer card. Scan the card the farmer received at registration.");
          timer = setTimeout(tick, 250);
        };
        tick();
      } catch {
        setMessage("The camera could not start. Type the Farmer ID or the phone number instead.");
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCard]);
  return (
    <div className="mt-3 space-y-2" data-testid="card-scanner">
      <video ref={video} muted playsInline className="w-full max-w-sm rounded-md border border-slate-300 bg-black" />
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
      <button type="button" onClick={onClose} className="rounded-md border border-slate-400 px-3 py-1 text-sm">
        Stop scanning
      </button>
    </div>
  );
}
