import { useEffect, useState, type RefObject } from "react";

/**
 * True once the element comes within `margin` of the viewport (and from then on). Used for
 * content too heavy to start early, like a PDF viewer: `loading="lazy"` alone lets Chromium
 * start it far ahead of the viewport on slow connections, and a viewer started before the
 * visitor scrolls to it holds the page's main thread (same-origin frames share it) for
 * hundreds of milliseconds on a phone. So by default it starts as its box enters the viewport.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "0px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
