import { useCallback, useSyncExternalStore } from "react";

/**
 * The colour mode: light unless the visitor chose dark earlier in this browser. The choice is
 * kept in localStorage; the inline script in index.html applies it to <html data-color-mode>
 * before first paint, and the dark palette (src/styles/theme.css.ts) keys on that attribute.
 * The page does not follow the system's preference: the site starts light. There is no
 * visible control yet; one would call `setColorMode` or use `useColorMode`.
 */
export type ColorMode = "light" | "dark";

/** The localStorage key; index.html's inline script reads the same one. */
export const COLOR_MODE_KEY = "color-mode";
/** The attribute on <html> that the palettes key on. */
export const COLOR_MODE_ATTRIBUTE = "data-color-mode";

const isColorMode = (value: unknown): value is ColorMode => value === "light" || value === "dark";

/** The stored choice; light when there is none, it is not a mode, or storage is unavailable. */
export function storedColorMode(): ColorMode {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return isColorMode(value) ? value : "light";
  } catch {
    return "light";
  }
}

/** The mode the page shows: the one on <html> (set before first paint), else the stored one. */
export function getColorMode(): ColorMode {
  if (typeof document === "undefined") return "light";
  const shown = document.documentElement.getAttribute(COLOR_MODE_ATTRIBUTE);
  return isColorMode(shown) ? shown : storedColorMode();
}

const listeners = new Set<() => void>();

/** Shows `mode` at once and keeps it for later visits (if this browser lets the site store it). */
export function setColorMode(mode: ColorMode): void {
  if (!isColorMode(mode)) mode = "light";
  document.documentElement.setAttribute(COLOR_MODE_ATTRIBUTE, mode);
  try {
    localStorage.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // Private modes and blocked storage: the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab applies here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== COLOR_MODE_KEY) return;
    document.documentElement.setAttribute(COLOR_MODE_ATTRIBUTE, isColorMode(e.newValue) ? e.newValue : "light");
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The current mode and a setter; the prerendered HTML (and hydration) assume light. */
export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const mode = useSyncExternalStore(subscribe, getColorMode, () => "light" as const);
  return [mode, useCallback((m: ColorMode) => setColorMode(m), [])];
}
