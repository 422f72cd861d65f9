/** The language menu behind LanguageSwitcher's button: its own chunk with Mantine's Menu. */
import type { ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '#contract/master.ts';
import { useChangeLanguage } from '../hooks/use-change-language.ts';
import { LanguageButton } from './LanguageButton.tsx';
import { useFocusOnMount } from '#src/lib/use-deferred-menu.ts';

export default function LanguageMenu({
  languages,
  label,
  defaultOpened,
  focusOnMount,
}: {
  languages: Language[];
  label: ReactNode;
  defaultOpened: boolean;
  focusOnMount: boolean;
}) {
  const { i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const target = useFocusOnMount(focusOnMount);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton ref={target} label={label} />
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((language) => (
          <Menu.Item
            key={language.name}
            lang={language.name}
            onClick={() => void changeLanguage(language.name)}
            aria-current={language.name === i18n.language ? 'true' : undefined}
          >
            {language.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
