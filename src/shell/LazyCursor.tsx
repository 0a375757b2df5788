import { useEffect, useState, type ComponentType } from "react";
import { cursorWanted } from "./cursor-motion.ts";

/** Fetches the custom cursor's code only for a desktop pointer that wants it. */
export function LazyCursor() {
  const [Cursor, setCursor] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!cursorWanted(navigator.userAgent, matchMedia("(pointer: fine)").matches, matchMedia("(prefers-reduced-motion: reduce)").matches)) return;
    void import("./Cursor.tsx").then((m) => setCursor(() => m.Cursor));
  }, []);
  return Cursor ? <Cursor /> : null;
}
