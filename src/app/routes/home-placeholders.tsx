/**
 * What the home page's rows and shops show until they render (app/Deferred.tsx) or while
 * their data loads: plain boxes of about a card's size — cheaper to render than skeleton
 * components — laid out like ProductRow.module.css and the shops grid.
 */
import classes from './home.module.css';

export const SHOP_COLS = { base: 1, sm: 2, md: 4 };

export function RowPlaceholder() {
  return (
    <div className={classes.row} aria-hidden="true" data-testid="row-placeholder">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={classes.card} />
      ))}
    </div>
  );
}

export function ShopsPlaceholder() {
  return (
    <div className={classes.shops} aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className={classes.shop} />
      ))}
    </div>
  );
}
