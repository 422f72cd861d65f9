import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from './DocumentTitle.tsx';
import { UpdatePrompt } from '../features/pwa/components/UpdatePrompt.tsx';

export function RootShell() {
  return (
    <>
      <DocumentTitle />
      <UpdatePrompt />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
