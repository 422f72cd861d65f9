/**
 * Header search (spec §2): Enter or the icon submits to /products, storing the text first. A
 * plain input styled like Mantine's (SearchBox.module.css): it is part of every first load.
 */
import { useState, type FormEvent } from 'react';
import { ActionIcon } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons/icons.tsx';
import { readSearchTerm, storeSearchTerm } from '../lib/search-term.ts';
import classes from './SearchBox.module.css';

export function SearchBox({ variant }: { variant: 'mobile' | 'desktop' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [term, setTerm] = useState(readSearchTerm);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = term.trim();
    storeSearchTerm(text);
    void navigate(text ? `/products?search=${encodeURIComponent(text)}` : '/products');
  };

  return (
    <form role="search" onSubmit={submit} style={{ flex: 1, minWidth: 0 }} data-testid={`search-${variant}`}>
      <div className={classes.field} data-variant={variant}>
        <input
          className={classes.input}
          type="search"
          enterKeyHint="search"
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          placeholder={t('header.search_placeholder')}
          aria-label={t('header.search')}
        />
        <ActionIcon type="submit" variant="filled" radius="xl" className={classes.submit} aria-label={t('header.search')}>
          <SearchIcon size={16} />
        </ActionIcon>
      </div>
    </form>
  );
}
