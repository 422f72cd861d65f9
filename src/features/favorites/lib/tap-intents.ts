/**
 * What a heart tap means while the tap before it is still being stored. A tap asks for the
 * opposite of what the heart will show once the taps before it are stored, not of what it
 * shows this instant: the heart changes only after IndexedDB took the change (docs/offline.md),
 * and on a slow phone a second tap can land in between. Read from the screen, that second tap
 * would repeat the first ("off", "off") and the shopper's last tap would be lost.
 */
export interface TapIntents {
  /** The state this tap asks for, given what the heart shows now; remembered until `stored`. */
  next(productId: number, shown: boolean): { favorite: boolean; stored(): void };
}

export function createTapIntents(): TapIntents {
  /** Per product, the latest tap not yet stored (or failed): the state the heart is heading to. */
  const heading = new Map<number, { favorite: boolean }>();
  return {
    next(productId, shown) {
      const tap = { favorite: !(heading.get(productId)?.favorite ?? shown) };
      heading.set(productId, tap);
      return {
        favorite: tap.favorite,
        // Stored (the heart now shows it, with every tap before it) or refused (the heart stays):
        // either way the screen is the truth again once the newest tap is done.
        stored: () => {
          if (heading.get(productId) === tap) heading.delete(productId);
        },
      };
    },
  };
}
