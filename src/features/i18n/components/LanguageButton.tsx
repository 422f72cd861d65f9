/** The language switcher's button: the same element before and after its menu has loaded. */
import type { ReactNode, Ref } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface LanguageButtonProps {
  label: ReactNode;
  onClick?: () => void;
  /** The plain button's: the shopper reaches for the menu (lib/use-deferred-menu.ts). */
  onPointerEnter?: () => void;
  onFocus?: () => void;
  ref?: Ref<HTMLButtonElement>;
}

export function LanguageButton({ label, ...props }: LanguageButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      aria-label={t('header.language')}
      aria-haspopup="menu"
      data-testid="language-switcher"
      {...props}
    >
      {label}
    </Button>
  );
}
