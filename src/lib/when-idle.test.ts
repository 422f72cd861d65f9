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
