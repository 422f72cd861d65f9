import { ComingSoon } from '../../components/ComingSoon/ComingSoon.tsx';
import { useRouteTitle } from '../DocumentTitle.tsx';

/** Shared by the screens later issues build: the route's own title plus the "coming" text. */
export function Component() {
  return <ComingSoon title={useRouteTitle() ?? ''} />;
}
