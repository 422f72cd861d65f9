import { describe, expect, it, vi } from 'vitest';

// A fresh module per test: whether the page was engaged is module state.
const load = async () => {
  vi.resetModules();
  return import('./when-idle.ts');
};

describe('whenEngaged', () => {
  it('waits for the first touch, key, wheel or mouse move, then runs each piece of work once', async () => {
    const { whenEngaged } = await load();
    const first = vi.fn();
    const second = vi.fn();
    whenEngaged(first);
    whenEngaged(second);
    window.dispatchEvent(new Event('scroll'));
    expect(first).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    // Once engaged, work runs at once.
    const later = vi.fn();
    whenEngaged(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it.each(['touchstart', 'keydown', 'wheel', 'pointermove'])('%s engages the page', async (type) => {
    const { whenEngaged } = await load();
    const work = vi.fn();
    whenEngaged(work);
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(work).toHaveBeenCalledTimes(1);
  });
});

describe('useAtMountUnlessHydrating', () => {
  it('hydrating a drawn screen, a part that mounts after the first screen settled still draws what the server drew', async () => {
    const { useAtMountUnlessHydrating } = await load();
    const { createElement, act, useState } = await import('react');
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot, createRoot } = await import('react-dom/client');
    let settled = false;
    // What ProductGrid does: the initial count is read once, at mount.
    function Grid() {
      const atMount = useAtMountUnlessHydrating(() => settled);
      const [cards] = useState(() => (atMount ? 24 : 6));
      return createElement(
        'div',
        { 'data-cards': cards },
        Array.from({ length: cards }, (_, i) => createElement('article', { key: i })),
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(Grid));
    expect(container.querySelectorAll('article')).toHaveLength(6);

    settled = true; // the first screen settled before this part hydrated
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, createElement(Grid), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelectorAll('article')).toHaveLength(6);

    // A screen the app draws itself (a later navigation) reads the settled state.
    const later = document.createElement('div');
    await act(async () => createRoot(later).render(createElement(Grid)));
    expect(later.querySelectorAll('article')).toHaveLength(24);
  });
});
