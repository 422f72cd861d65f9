/**
 * The storefront settings everywhere in the app. Until master data has ever loaded (first
 * visit, offline) the spec defaults stand in, so no screen waits on it or goes blank.
 */
import { useQuery } from '@tanstack/react-query';
import { masterQueryOptions } from './get-master.ts';
import { DEFAULT_STOREFRONT_SETTINGS, type StorefrontSettings } from './storefront-settings.ts';

export function useStorefront(): StorefrontSettings {
  const { data } = useQuery(masterQueryOptions());
  return data ?? DEFAULT_STOREFRONT_SETTINGS;
}
