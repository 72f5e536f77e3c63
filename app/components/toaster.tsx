import { Toast } from "radix-ui";
import { dismissToast, TOAST_DURATION, TOAST_SWIPE_THRESHOLD, useToasts } from "../lib/toast-store";

/** Renders the toast queue with radix (F8 focuses the region, swipe right to dismiss). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant}
          className={`relative rounded-lg border p-4 pr-10 shadow-lg ${
            t.variant === "destructive"
              ? "border-red-700 bg-red-600 text-white"
              : "border-slate-200 bg-white text-slate-900"
          }`}
        >
          <Toast.Title className="font-semibold">{t.title}</Toast.Title>
          {t.description && <Toast.Description className="mt-1 text-sm opacity-90">{t.description}</Toast.Description>}
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded px-2 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={["F8"]}
        className="fixed bottom-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
