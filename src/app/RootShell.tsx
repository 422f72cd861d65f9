import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from './DocumentTitle.tsx';
import { UpdatePrompt } from '../features/pwa/components/UpdatePrompt.tsx';
import { AuthDialogsHost } from './AuthDialogsHost.tsx';
import { CartHost } from './CartHost.tsx';

export function RootShell() {
  return (
    <>
      <DocumentTitle />
      <UpdatePrompt />
      <ScrollRestoration />
      <Outlet />
      <AuthDialogsHost />
      <CartHost />
    </>
  );
}
