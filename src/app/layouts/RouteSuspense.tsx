import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';

/** While a route's code or data is on its way: a quiet spinner, never a blank page. */
export function RouteSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
