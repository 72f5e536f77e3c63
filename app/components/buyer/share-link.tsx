import { useEffect, useState } from "react";

/**
 * A link to share (a purchase receipt): the plain link without JavaScript; with the Web Share API
 * (most Android phones) a tap opens the phone's share sheet (WhatsApp, SMS…) instead.
 */
export function ShareLink({ href, title, children }: { href: string; title: string; children: React.ReactNode }) {
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);
  return (
    <a
      href={href}
      className="font-semibold text-green-800 underline"
      onClick={(e) => {
        if (!canShare) return;
        e.preventDefault();
        navigator.share({ title, url: new URL(href, window.location.href).href }).catch(() => undefined);
      }}
    >
      {children}
    </a>
  );
}
