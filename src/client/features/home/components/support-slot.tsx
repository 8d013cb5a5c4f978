import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** How far below the viewport the section starts loading, so it is there when it scrolls in. */
const LOAD_MARGIN = '800px 0px';

/**
 * True once the element comes within LOAD_MARGIN of the viewport (at once without observers).
 * False on the first render everywhere, so the server's markup and the hydrating browser agree.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * Where the spec puts the support/donation section on the home page (before the footer). The
 * section is rendered only once the visitor scrolls near it, so a lazy section's code (and its
 * API calls) wait until then.
 */
export function SupportSlot({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <div ref={ref} id="support" data-testid="support-slot">
      {near ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
