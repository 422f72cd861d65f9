/**
 * Language switcher of the header (spec §2): a compact code button below 768 px, the language
 * title above it.
 */
import { Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contract/master.ts';
import { useChangeLanguage } from '../hooks/use-change-language.ts';

export function LanguageSwitcher({ languages }: { languages: Language[] }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const isMobile = useMediaQuery('(max-width: 767.98px)', false);
  const current = languages.find((l) => l.name === i18n.language) ?? { name: i18n.language, title: i18n.language };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" aria-label={t('header.language')} data-testid="language-switcher">
          {isMobile ? current.name.toUpperCase() : current.title}
        </Button>
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
