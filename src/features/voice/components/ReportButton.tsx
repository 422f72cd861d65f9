/**
 * "Raportează" (issue 37, DSA art. 16) beside a listing, a shop or a review. The form's code (zod,
 * the modal) loads at the first press, so pages that show the button carry none of it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { returnFocus } from '#src/lib/focus-return.ts';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportTargetType } from '#contract/reports.ts';

const ReportModal = lazy(() => import('./ReportModal.tsx'));

export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  /** What the reporter recognises: the listing's or shop's name, the review's author. */
  label: string;
}

/** The signed-in shopper's name and e-mail, to pre-fill the form. */
export interface Reporter {
  name: string;
  email: string;
}

export function ReportButton({ target, reporter, ariaLabel }: { target: ReportTarget; reporter?: Reporter; ariaLabel: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="subtle"
        color="gray"
        size="compact-sm"
        aria-label={ariaLabel}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        data-testid={`report-${target.type}`}
      >
        {t('voice.report')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportModal
            opened={opened}
            onClose={() => {
              setOpened(false);
              // The modal mounts open at the first press: Mantine's own return of the focus misses that time.
              returnFocus(button.current);
            }}
            target={target}
            reporter={reporter}
          />
        </Suspense>
      )}
    </>
  );
}
