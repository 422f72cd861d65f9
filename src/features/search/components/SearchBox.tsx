/**
 * Header search (product §2, issue #13): Enter or the icon submits to /products, storing the text
 * first. While typing (debounced), a dropdown offers categories and completed searches from
 * GET /api/search/suggestions — an ARIA 1.2 combobox: ↓/↑ move through the options, Enter opens
 * the highlighted one (or searches the text), Escape closes the list. A plain input styled like
 * Mantine's (SearchBox.module.css): it is part of every first load.
 *
 * The icon is positioned without `transform`: Mantine's ActionIcon moves itself with a transform
 * while pressed, which used to replace the centring one — the icon jumped ~15 px down under the
 * pointer and the click was lost (issue #13). Pressing it also keeps the focus in the field.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '#src/components/icons/icons.tsx';
import { readSearchTerm, SEARCH_PATH, searchPath, searchTermOf, storeSearchTerm } from '../lib/search-term.ts';
import { suggestionsQueryOptions } from '../api/get-suggestions.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import classes from './SearchBox.module.css';

/** Pause after the last key before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Suggestions start from this many typed characters. */
export const SUGGEST_MIN_LENGTH = 2;

interface Option {
  key: string;
  label: string;
  hint: string;
  to: string;
  /** Stored as the search text when chosen (a completed search). */
  term?: string;
}

export function SearchBox({ variant }: { variant: 'mobile' | 'desktop' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [term, setTerm] = useState(readSearchTerm);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${useId()}-suggestions`;

  // On the results of a search opened by its address (a shared link, "did you mean", back and
  // forward, a first load), the field shows that search — except over text typed into a screen
  // the server drew before the app took the field over (ADR 044), which the field shows but
  // `term` does not hold yet.
  const { pathname, search } = useLocation();
  const addressTerm = pathname === SEARCH_PATH ? searchTermOf(new URLSearchParams(search)) : null;
  useEffect(() => {
    if (addressTerm === null) return;
    const input = inputRef.current;
    setTerm((current) => (input && input.value !== current ? current : addressTerm));
  }, [addressTerm]);

  const typed = term.trim();
  const settled = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const wanted = open && settled.length >= SUGGEST_MIN_LENGTH && settled === typed;
  const { data } = useQuery({ ...suggestionsQueryOptions(settled), enabled: wanted });

  const options: Option[] =
    wanted && data && data.query === settled
      ? [
          ...data.categories.map((c) => ({
            key: `c${c.id}`,
            label: c.name,
            hint: t('search.suggestion_category', { count: c.products_count }),
            to: `/categories/${c.slug}`,
          })),
          ...data.queries.map((q) => ({
            key: `q${q.text}`,
            label: q.text,
            hint: t('search.suggestion_products', { count: q.products_count }),
            to: searchPath(q.text),
            term: q.text,
          })),
        ]
      : [];
  const expanded = options.length > 0;
  const activeOption = expanded && active >= 0 && active < options.length ? options[active] : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (to: string, text: string) => {
    storeSearchTerm(text);
    close();
    void navigate(to);
  };

  const choose = (option: Option) => {
    if (option.term !== undefined) setTerm(option.term);
    go(option.to, option.term ?? typed);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (activeOption) return choose(activeOption);
    // What the field shows: on a screen the server drew, text typed before the app took the field
    // over may not have reached `term` yet (ADR 044).
    const text = (inputRef.current?.value ?? term).trim();
    go(searchPath(text), text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!expanded) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is "no option" (the text itself): ↑ from the first option goes back to it.
      setActive((current) => {
        const next = current + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    }
  };

  return (
    <form role="search" onSubmit={submit} style={{ flex: 1, minWidth: 0 }} data-testid={`search-${variant}`}>
      <div className={classes.field} data-variant={variant}>
        <input
          ref={inputRef}
          className={classes.input}
          type="search"
          enterKeyHint="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={term}
          onChange={(e) => {
            setTerm(e.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder={t('header.search_placeholder')}
          aria-label={t('header.search')}
        />
        <ActionIcon
          type="submit"
          variant="filled"
          radius="xl"
          className={classes.submit}
          aria-label={t('header.search')}
          onMouseDown={(e) => e.preventDefault()}
        >
          <SearchIcon size={16} />
        </ActionIcon>
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className={classes.list} hidden={!expanded}>
          {options.map((option, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- combobox: the keyboard stays in the input (aria-activedescendant); the option takes the pointer only
            <li
              key={option.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={classes.option}
              data-active={i === active || undefined}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(option)}
            >
              <span className={classes.label}>{option.label}</span>
              <span className={classes.hint}>{option.hint}</span>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
