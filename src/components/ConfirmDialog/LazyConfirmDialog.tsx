/** The confirmation dialog, loaded the first time it opens: Modal stays off the first load. */
import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog.tsx';

const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));

export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
