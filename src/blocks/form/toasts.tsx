import { useEffect, useState } from "react";
import type { ExternalToast } from "sonner";
import { useColorMode } from "../../ui/color-mode.ts";

/**
 * Toasts with sonner, whose code (about 8 KB gzip) is not part of a page's first load: it is
 * fetched when the browser is idle after the page starts, or at the latest by the first toast.
 */
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
const load = () => (sonner ??= import("sonner"));

// Resolved once a Toaster is mounted and listening; toasts wait for it so none is lost.
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));
const outlets = new Set<(module: Sonner) => void>();

/** Where toasts appear: sonner's Toaster (light or dark with the page), mounted as soon as its code is here. */
export function ToastOutlet() {
  const [module, setModule] = useState<Sonner | null>(null);
  const [mode] = useColorMode();
  useEffect(() => {
    outlets.add(setModule);
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    idle(() => void load().then(setModule));
    return () => void outlets.delete(setModule);
  }, []);
  // Runs after the Toaster's own effects, so it is subscribed by now.
  useEffect(() => {
    if (module) markReady();
  }, [module]);
  return module ? <module.Toaster closeButton position="bottom-right" richColors theme={mode} /> : null;
}

async function show(kind: "success" | "error", title: string, options: ExternalToast): Promise<void> {
  const module = await load();
  for (const outlet of outlets) outlet(module);
  await ready;
  module.toast[kind](title, options);
}

export const toast = {
  success: (title: string, options: ExternalToast) => void show("success", title, options),
  error: (title: string, options: ExternalToast) => void show("error", title, options),
};
