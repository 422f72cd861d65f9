/**
 * Content at the very bottom of every page (the footer) renders only once the shopper scrolls
 * near it, and never before the first screen has been painted (lib/when-idle.ts): on a long
 * listing a cheap phone spends nothing on it while the first screen becomes usable (issue 15,
 * TBT); on a short page it appears as soon as the page is idle. Once the page has been scrolled,
 * it does not wait for idle time: a shopper who scrolled to the end at start is looking at it
 * (lib/when-idle.ts, whenScrolled). Until then an empty marker holds its place at the end of the
 * page, so nothing above it moves when it comes.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIdle, useScrolled } from '../lib/when-idle.ts';

export function WhenNearViewport({ children, margin = '800px', testId }: { children: ReactNode; margin?: string; testId?: string }) {
  const idle = useIdle();
  const scrolled = useScrolled();
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !marker.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(marker.current);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near && (idle || scrolled)) return children;
  return <div ref={marker} data-testid={testId} aria-hidden="true" style={{ height: 1 }} />;
}
