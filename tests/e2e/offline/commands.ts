/**
 * The shopper's moves as fast-check commands (fc.commands): each checks whether it makes sense in
 * the model's state (check), taps the real app (run), and records in the model only what the
 * shopper really managed to tap — a button that is not on screen (a line the app lost, a page not
 * available offline) is noted, not modelled, so the final comparison counts the original loss once.
 */
import fc from 'fast-check';
import type { Phone } from './browser.ts';
import { quantityOf, recordCart, recordFavorite, stockOf, type Model, type NetMode } from './model.ts';

type Cmd = fc.AsyncCommand<Model, Phone>;

const product = (m: Model, i: number) => m.pool[i % m.pool.length]!;

/** Products are drawn by index; the pool is found at run time (the seeded catalogue). */
const productIndex = fc.nat({ max: 7 });

class AddFromCard implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => quantityOf(m, product(m, this.i).id) < stockOf(m, product(m, this.i).id);
  async run(m: Model, phone: Phone) {
    if (await phone.addFromCard(product(m, this.i))) recordCart(m, 'add', product(m, this.i).id);
  }
  toString = () => `addFromCard(${this.i})`;
}

class AddFromPage implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => quantityOf(m, product(m, this.i).id) < stockOf(m, product(m, this.i).id);
  async run(m: Model, phone: Phone) {
    if (await phone.addFromPage(product(m, this.i))) recordCart(m, 'add', product(m, this.i).id);
  }
  toString = () => `addFromPage(${this.i})`;
}

class Increment implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) =>
    quantityOf(m, product(m, this.i).id) > 0 && quantityOf(m, product(m, this.i).id) < stockOf(m, product(m, this.i).id);
  async run(m: Model, phone: Phone) {
    if (await phone.lineButton(product(m, this.i), 'increase')) recordCart(m, 'increment', product(m, this.i).id);
  }
  toString = () => `increment(${this.i})`;
}

class Decrement implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => quantityOf(m, product(m, this.i).id) > 0;
  async run(m: Model, phone: Phone) {
    if (await phone.lineButton(product(m, this.i), 'decrease')) recordCart(m, 'decrement', product(m, this.i).id);
  }
  toString = () => `decrement(${this.i})`;
}

class Remove implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => quantityOf(m, product(m, this.i).id) > 0;
  async run(m: Model, phone: Phone) {
    if (await phone.lineButton(product(m, this.i), 'remove')) recordCart(m, 'delete', product(m, this.i).id);
  }
  toString = () => `remove(${this.i})`;
}

/**
 * Ticks or unticks one line. Never the untick that would leave nothing selected: the app then
 * selects everything at its next cart load (product §4), whose moment depends on the network.
 */
class ToggleLine implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Model) => {
    const id = product(m, this.i).id;
    if (!m.cart.has(id)) return false;
    return !(m.selection.has(id) && [...m.selection].filter((s) => m.cart.has(s)).length === 1);
  };
  async run(m: Model, phone: Phone) {
    const id = product(m, this.i).id;
    if (!(await phone.toggleLine(product(m, this.i)))) return;
    if (m.selection.has(id)) m.selection.delete(id);
    else m.selection.add(id);
  }
  toString = () => `toggleLine(${this.i})`;
}

/** The whole-shop tick: selects all of the shop's lines, or clears them when all were selected. */
class ToggleShop implements Cmd {
  constructor(readonly i: number) {}
  private lines = (m: Model) => m.pool.filter((p) => p.shopId === product(m, this.i).shopId && m.cart.has(p.id)).map((p) => p.id);
  check = (m: Model) => {
    const lines = this.lines(m);
    if (!lines.length) return false;
    const all = lines.every((id) => m.selection.has(id));
    return !all || [...m.selection].some((id) => m.cart.has(id) && !lines.includes(id));
  };
  async run(m: Model, phone: Phone) {
    const lines = this.lines(m);
    if (!(await phone.toggleShop(product(m, this.i).shopId))) return;
    const all = lines.every((id) => m.selection.has(id));
    for (const id of lines) {
      if (all) m.selection.delete(id);
      else m.selection.add(id);
    }
  }
  toString = () => `toggleShop(${this.i})`;
}

class ToggleFavorite implements Cmd {
  constructor(
    readonly i: number,
    readonly where: 'card' | 'page',
  ) {}
  check = () => true;
  async run(m: Model, phone: Phone) {
    const { id } = product(m, this.i);
    if (!(await phone.toggleFavorite(product(m, this.i), this.where))) return;
    // The shopper taps what she sees: a heart that disagrees with her favourites is a screen error
    // (reported), and the model follows the model's own state, so it also shows as lost/duplicated.
    if (phone.heartBeforeTap !== null && phone.heartBeforeTap !== m.favorites.has(id)) {
      phone.notes.push(
        `heart ${id} showed ${phone.heartBeforeTap ? 'on' : 'off'} before the tap, but the shopper's favourites ${m.favorites.has(id) ? 'include' : 'do not include'} it (tab ${phone.active + 1}/${phone.tabs.length}, net ${phone.net})`,
      );
    }
    recordFavorite(m, id);
  }
  toString = () => `toggleFavorite(${this.i}, ${this.where})`;
}

class Network implements Cmd {
  constructor(readonly mode: NetMode) {}
  check = (m: Model) => m.net !== this.mode;
  async run(m: Model, phone: Phone) {
    await phone.setNet(this.mode);
    m.net = this.mode;
  }
  toString = () => ({ online: 'goOnline', offline: 'goOffline', liefi: 'goLieFi' })[this.mode] + '()';
}

class Reload implements Cmd {
  check = () => true;
  async run(_m: Model, phone: Phone) {
    await phone.reload();
  }
  toString = () => 'reload()';
}

/** Closes the tab normally (pagehide runs) and opens the app in a new one. */
class ReopenTab implements Cmd {
  check = () => true;
  async run(m: Model, phone: Phone) {
    await phone.reopenTab();
    m.active = phone.active;
  }
  toString = () => 'reopenTab()';
}

/** The system kills the tab (no pagehide, no unload: a renderer crash), the shopper opens the app again. */
class KillTab implements Cmd {
  // With two tabs of the app open, the crash takes both (one renderer process per site), as
  // Android's low-memory killer would: phone.killTab closes every tab and reopens one.
  check = () => true;
  async run(m: Model, phone: Phone) {
    await phone.killTab();
    m.tabs = phone.tabs.length;
    m.active = phone.active;
  }
  toString = () => 'killTab()';
}

/** A second tab opens the app; the following steps act there until switchTab(). */
class OpenSecondTab implements Cmd {
  check = (m: Model) => m.tabs === 1;
  async run(m: Model, phone: Phone) {
    await phone.openTab('/');
    m.tabs = phone.tabs.length;
    m.active = phone.active;
  }
  toString = () => 'openSecondTab()';
}

class SwitchTab implements Cmd {
  check = (m: Model) => m.tabs === 2;
  async run(m: Model, phone: Phone) {
    await phone.switchTab();
    m.active = phone.active;
  }
  toString = () => 'switchTab()';
}

/** Every tab closed, the connection gone, the app started again (from the service worker). */
class StartOffline implements Cmd {
  check = () => true;
  async run(m: Model, phone: Phone) {
    await phone.setNet('offline');
    m.net = 'offline';
    await phone.coldStart();
    m.tabs = phone.tabs.length;
    m.active = phone.active;
  }
  toString = () => 'startOffline()';
}

/** The weights favour cart taps and network changes: the journeys the issue is about. */
export const commandArbitraries: fc.Arbitrary<Cmd>[] = [
  productIndex.map((i) => new AddFromCard(i)),
  productIndex.map((i) => new AddFromCard(i)),
  productIndex.map((i) => new AddFromPage(i)),
  productIndex.map((i) => new Increment(i)),
  productIndex.map((i) => new Decrement(i)),
  productIndex.map((i) => new Remove(i)),
  productIndex.map((i) => new ToggleLine(i)),
  productIndex.map((i) => new ToggleShop(i)),
  fc.tuple(productIndex, fc.constantFrom('card' as const, 'page' as const)).map(([i, where]) => new ToggleFavorite(i, where)),
  fc.constant(new Network('offline')),
  // Lie-fi twice as likely as a clean offline: navigator.onLine stays true, the case the issue is about.
  fc.constant(new Network('liefi')),
  fc.constant(new Network('liefi')),
  fc.constant(new Network('online')),
  fc.constant(new Network('online')),
  fc.constant(new Reload()),
  fc.constant(new Reload()),
  fc.constant(new ReopenTab()),
  fc.constant(new KillTab()),
  fc.constant(new OpenSecondTab()),
  fc.constant(new SwitchTab()),
  fc.constant(new StartOffline()),
];
