/**
 * Below-the-fold content of the first screen renders after the first paint
 * (docs/decisions/042-first-load-today.md): a block shows its placeholder (which must hold the same
 * place) until it comes near the viewport or the browser is idle after load, then renders as a
 * transition — React yields to the browser while rendering it — one block per idle period, so
 * no single task blocks the page. Once the first screen's blocks are all in, later screens
 * render everything at once (their rendering already runs as a router transition).
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { requestIdle, useAtMountUnlessHydrating, whenIdle } from '#src/lib/when-idle.ts';

const queue: Array<() => void> = [];
let pumping = false;
let firstScreenDone = false;
const isFirstScreenDone = () => firstScreenDone;

function pump() {
  if (pumping) return;
  pumping = true;
  whenIdle(function next() {
    const reveal = queue.shift();
    if (!reveal) {
      pumping = false;
      firstScreenDone = true;
      return;
    }
    reveal();
    requestIdle(next);
  });
}

export function Deferred({ children, placeholder, margin = '200px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  // Hydrating a drawn screen, a block starts as the server drew it: its placeholder (when-idle.ts).
  const done = useAtMountUnlessHydrating(isFirstScreenDone);
  const [shown, setShown] = useState(() => done);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    let active = true;
    const reveal = () => {
      if (!active) return;
      active = false;
      startTransition(() => setShown(true));
    };
    queue.push(reveal);
    pump();
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reveal(), { rootMargin: `${margin} 0px` })
        : null;
    if (box.current) observer?.observe(box.current);
    return () => {
      active = false;
      observer?.disconnect();
      const index = queue.indexOf(reveal);
      if (index >= 0) queue.splice(index, 1);
    };
  }, [shown, margin]);
  return shown ? children : <div ref={box}>{placeholder}</div>;
}
