import { useEffect, useState } from "react";

/**
 * The /verify link of a certificate: a plain link that works with JavaScript off; with JavaScript,
 * a Copy button and (where the browser has it) the Web Share sheet.
 */
export function ShareLink({ path, title }: { path: string; title: string }) {
  const [enhanced, setEnhanced] = useState<{ share: boolean } | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => setEnhanced({ share: typeof navigator.share === "function" }), []);
  const url = () => new URL(path, window.location.origin).toString();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <a href={path} className="text-green-800 underline break-all">
        Verification link
      </a>
      {enhanced && (
        <button
          type="button"
          className="rounded border border-slate-400 px-2 py-1 text-sm"
          onClick={async () => {
            await navigator.clipboard?.writeText(url());
            setCopied(true);
          }}
        >
          {copied ? "Copied" : "Copy link"}
        </button>
      )}
      {enhanced?.share && (
        <button
          type="button"
          className="rounded border border-slate-400 px-2 py-1 text-sm"
          onClick={() => navigator.share({ title, url: url() }).catch(() => {})}
        >
          Share
        </button>
      )}
    </span>
  );
}
