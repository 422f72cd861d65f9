/**
 * Taps on a screen the server drew, made before the app could answer them (ADR 044).
 *
 * A first visit paints its screen from the page's HTML before its scripts have arrived on weak
 * mobile data, and a shopper acts on what she sees. Links work without scripts; the rest does not.
 * So from the page's first moment the start-up script (holdEarlyTaps):
 * - holds every tap on a button (and a checkbox or radio), and every form's submission (Enter in
 *   the search box);
 * - notes the fields she types into or picks from (the text stays in the field);
 * - keeps the focus in a form's field when she presses that form's submit button, as the app does.
 * The app takes them just before React takes over the drawn screen (takeEarlyTaps: from then on
 * React answers her itself), and once the screen is live (replayTaps) tells React what each noted
 * field holds, then taps each held button and submits each held form again, in order. A button
 * tapped twice while waiting is tapped once: a shopper repeating an unanswered tap means it once
 * (a favourite's heart would otherwise toggle back).
 *
 * Shared by the start-up script (src/boot/first-screen.ts, an inline script) and the app: nothing
 * here runs on import.
 */

/** Where the start-up script leaves the held taps for the app. */
export const EARLY_TAPS_KEY = '__talciocEarlyTaps';

/**
 * The style element that hides a screen drawn for another visitor (signed in, English, or back
 * with the app's cache: lib/persisted-cache-mark.ts) until the app has replaced it
 * (src/boot/first-screen.ts adds it, main.tsx removes it).
 */
export const DRAWN_FOR_ANOTHER_ID = 'drawn-for-another';

/** What a tap is held on: the controls that need the app to do anything. */
const CONTROL = 'button, [role="button"], input[type="checkbox"], input[type="radio"]';

/** What was done before the app could answer: in order, each element once. */
export interface EarlyTaps {
  /** Buttons tapped and forms submitted. */
  actions: Element[];
  /** Fields typed into or picked from. */
  fields: Element[];
}
interface HeldTaps extends EarlyTaps {
  stop(): void;
}
type WithHeldTaps = { [EARLY_TAPS_KEY]?: HeldTaps };

/** The start-up script, as the page starts: hold taps on buttons until the app takes them. */
export function holdEarlyTaps(): void {
  const actions: Element[] = [];
  const fields: Element[] = [];
  function hold(event: Event) {
    const target = event.target as Element | null;
    const held = event.type === 'submit' ? target : target && target.closest ? target.closest(CONTROL) : null;
    if (!held) return;
    event.preventDefault();
    event.stopPropagation();
    if (actions.indexOf(held) < 0) actions.push(held);
  }
  function note(event: Event) {
    const field = event.target as Element | null;
    if (field && /^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName) && fields.indexOf(field) < 0) fields.push(field);
  }
  // Pressing a form's submit button (the header's search icon) moves the focus out of the field
  // she typed in, and on a phone the keyboard drops and the header shifts under her finger before
  // the release (issue 13). The app keeps the focus in the field (SearchBox); so does this script.
  function keepFocus(event: Event) {
    const target = event.target as Element | null;
    const submit = target && target.closest ? target.closest('button[type="submit"]') : null;
    const field = document.activeElement;
    const form = submit ? (submit as HTMLButtonElement).form : null;
    if (form && field && field !== submit && form.contains(field)) event.preventDefault();
  }
  const listeners: [string, (event: Event) => void][] = [
    ['mousedown', keepFocus],
    ['click', hold],
    ['submit', hold],
    ['input', note],
    ['change', note],
  ];
  listeners.forEach(([type, listener]) => document.addEventListener(type, listener, true));
  (window as WithHeldTaps)[EARLY_TAPS_KEY] = {
    actions,
    fields,
    stop: () => listeners.forEach(([type, listener]) => document.removeEventListener(type, listener, true)),
  };
}

/** The app, just before it renders: nothing is held any more; what was held so far. */
export function takeEarlyTaps(): EarlyTaps {
  const held = (window as WithHeldTaps)[EARLY_TAPS_KEY];
  if (!held) return { actions: [], fields: [] };
  held.stop();
  delete (window as WithHeldTaps)[EARLY_TAPS_KEY];
  return { actions: held.actions, fields: held.fields };
}

/**
 * A field's value told to React as if typed now. React took over the field holding the typed
 * text, and remembers that text as its last known value, so an `input` event alone would not
 * reach the component's onChange: the value goes to '' through React's own setter, back to the
 * typed text past it, then the event.
 */
function announce(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) {
  const typed = field.value;
  const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!nativeSetter) return;
  field.value = '';
  nativeSetter.call(field, typed);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const live = (element: Element) => element.isConnected && !(element as HTMLButtonElement).disabled;

/** Once the drawn screen is live: the noted fields' values, then each held tap and submission again. */
export function replayTaps({ actions, fields }: EarlyTaps): void {
  for (const field of fields) {
    const isCheckable = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    if (live(field) && !isCheckable) announce(field as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement);
  }
  for (const action of actions) {
    if (!live(action)) continue;
    if (action instanceof HTMLFormElement) action.requestSubmit();
    else if (action instanceof HTMLElement) action.click();
  }
}
