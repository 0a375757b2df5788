import { useEffect, useState } from "react";
import type { ExternalToast } from "sonner";
import { useColorMode } from "../../ui/color-mode.ts";

/**
 * Toasts with sonner, whose code is not part of a page's first load: the form
 * fetches it from the visitor's first focus in it (prepareToasts), or at the latest for the first toast.
 */
type Sonner = typeof import("sonner");

let sonner: Promise<Sonner> | undefined;
const outlets = new Set<(module: Sonner) => void>();

// Resolved once a Toaster is mounted and listening; toasts wait for it so none is lost.
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));

/** Fetches sonner and mounts the Toaster of every outlet. */
export function prepareToasts(): Promise<Sonner> {
  sonner ??= import("sonner").then((module) => {
    for (const outlet of outlets) outlet(module);
    return module;
  });
  return sonner;
}

/** Where toasts appear: sonner's Toaster (light or dark with the page), mounted once its code is here. */
export function ToastOutlet() {
  const [module, setModule] = useState<Sonner | null>(null);
  const [mode] = useColorMode();
  useEffect(() => {
    outlets.add(setModule);
    void sonner?.then(setModule);
    return () => void outlets.delete(setModule);
  }, []);
  // Runs after the Toaster's own effects, so it is subscribed by now.
  useEffect(() => {
    if (module) markReady();
  }, [module]);
  return module ? <module.Toaster closeButton position="bottom-right" richColors theme={mode} /> : null;
}

async function show(kind: "success" | "error", title: string, options: ExternalToast): Promise<void> {
  const module = await prepareToasts();
  await ready;
  module.toast[kind](title, options);
}

export const toast = {
  success: (title: string, options: ExternalToast) => void show("success", title, options),
  error: (title: string, options: ExternalToast) => void show("error", title, options),
};
