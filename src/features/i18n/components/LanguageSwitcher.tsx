/**
 * Language switcher of the header (product §2): a compact code button below 768 px, the language
 * title above it. The menu (Mantine Menu and its positioning library) is not part of the first
 * load (docs/decisions/042-first-load-today.md): the button is plain until it is clicked, tapped or pressed,
 * then the menu takes its place, opened (its code is fetched ahead when the mouse comes over the
 * button or the keyboard reaches it), and keyboard focus stays on the button (lib/use-deferred-menu.ts).
 */
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '#contract/master.ts';
import { lazyPart } from '#src/lib/lazy-part.tsx';
import { useDeferredMenu } from '#src/lib/use-deferred-menu.ts';
import { LanguageButton } from './LanguageButton.tsx';

const loadLanguageMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazyPart(loadLanguageMenu);

export function LanguageSwitcher({ languages }: { languages: Language[] }) {
  const { i18n } = useTranslation();
  const { button, opened, open, intent } = useDeferredMenu(loadLanguageMenu);
  const current = languages.find((l) => l.name === i18n.language) ?? { name: i18n.language, title: i18n.language };
  // Chosen by the stylesheet, not by script: a screen drawn by the server (ADR 044) shows the right one at once.
  const label = (
    <>
      <Box component="span" hiddenFrom="md">
        {current.name.toUpperCase()}
      </Box>
      <Box component="span" visibleFrom="md">
        {current.title}
      </Box>
    </>
  );

  const plain = <LanguageButton ref={button} label={label} onClick={open} {...intent} />;
  if (!opened) return plain;
  // Offline before the app is installed, the menu's code may not come: the plain button stays.
  return <LanguageMenu fallback={plain} languages={languages} label={label} defaultOpened focusOnMount />;
}
