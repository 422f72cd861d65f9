/** Taps on a drawn first screen before the app could answer them (ADR 044). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps, replayTaps, takeEarlyTaps } from './early-taps.ts';
import { serverSnapshotOf } from './server-snapshot.ts';

afterEach(() => {
  takeEarlyTaps();
  document.body.innerHTML = '';
});

describe('early taps', () => {
  it('a tap on a button is held (nothing else sees it), then replayed once on the same button', () => {
    document.body.innerHTML = '<main><button id="add"><span>Adaugă</span></button><a href="#x" id="link">Link</a></main>';
    const button = document.getElementById('add')!;
    const seen = vi.fn();
    document.body.addEventListener('click', seen);
    holdEarlyTaps();
    button.querySelector('span')!.click();
    button.click();
    expect(seen).not.toHaveBeenCalled();
    // A link is not held: the browser follows it without the app.
    document.getElementById('link')!.click();
    expect(seen).toHaveBeenCalledTimes(1);

    const held = takeEarlyTaps();
    expect(held).toEqual({ actions: [button], fields: [] });
    // Taken: taps reach the page again.
    button.click();
    expect(seen).toHaveBeenCalledTimes(2);
    replayTaps(held);
    expect(seen).toHaveBeenCalledTimes(3);
    expect(seen.mock.calls[2]![0].target).toBe(button);
  });

  it("pressing a form's submit button keeps the focus in the form's field (the phone's keyboard stays up)", () => {
    document.body.innerHTML =
      '<form><input id="q" type="search"><button id="go" type="submit">Caută</button></form><button id="other">Alt buton</button>';
    holdEarlyTaps();
    const field = document.getElementById('q') as HTMLInputElement;
    field.focus();
    const press = (id: string) =>
      document.getElementById(id)!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    expect(press('go')).toBe(false); // default prevented: the browser does not move the focus
    expect(press('other')).toBe(true); // another button keeps the browser's own behaviour
    takeEarlyTaps();
    expect(press('go')).toBe(true); // the app answers presses itself from now on
  });

  it('a held button that is gone or disabled by the time the screen is live is not tapped', () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b">B</button>';
    const [a, b] = [document.getElementById('a')!, document.getElementById('b') as HTMLButtonElement];
    holdEarlyTaps();
    a.click();
    b.click();
    const held = takeEarlyTaps();
    a.remove();
    b.disabled = true;
    const seen = vi.fn();
    document.addEventListener('click', seen);
    replayTaps(held);
    expect(seen).not.toHaveBeenCalled();
    document.removeEventListener('click', seen);
  });

  it('without the start-up script there is nothing to take', () => {
    expect(takeEarlyTaps()).toEqual({ actions: [], fields: [] });
  });

  it('a field typed into keeps its text and is announced again; a held submission is submitted after it', () => {
    document.body.innerHTML = '<form id="search"><input id="q" type="search" /></form>';
    const form = document.getElementById('search') as HTMLFormElement;
    const field = document.getElementById('q') as HTMLInputElement;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    holdEarlyTaps();
    field.value = 'rochii';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    form.addEventListener('submit', submitted);
    form.requestSubmit();
    expect(submitted).not.toHaveBeenCalled();
    const held = takeEarlyTaps();
    expect(held).toEqual({ actions: [form], fields: [field] });
    const order: string[] = [];
    field.addEventListener('input', () => order.push(`input:${field.value}`));
    form.addEventListener('submit', () => order.push('submit'));
    replayTaps(held);
    expect(order).toEqual(['input:rochii', 'submit']);
    expect(field.value).toBe('rochii');
  });
});

describe('server snapshots', () => {
  it("is the store's own state when it draws as the server's, else the server's", () => {
    const initial = { items: [] as number[], open: false };
    let state = { items: [] as number[], open: false };
    const snapshot = serverSnapshotOf(() => state, initial);
    expect(snapshot()).toBe(state);
    expect(snapshot()).toBe(snapshot());
    state = { items: [3], open: false };
    expect(snapshot()).toBe(initial);
  });
});
