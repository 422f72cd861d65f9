/** The signed-in shopper as a reporter (issue 37): the report form is pre-filled with their name and e-mail. */
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import type { Reporter } from '#src/features/voice/components/ReportButton.tsx';

export function useReporter(): Reporter | undefined {
  const session = useSession();
  if (!session.isLoggedIn || !session.user) return undefined;
  return { name: session.user.name, email: session.user.email ?? '' };
}
