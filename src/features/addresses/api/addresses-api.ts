/**
 * Addresses (product §7): GET /addresses (private: not persisted), POST /address/store,
 * PUT /address/:id, DELETE /address/:id. The server keeps exactly one default per user.
 */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { DEFAULT_COUNTRY, type Address, type AddressInput } from '#contract/addresses.ts';
import { addressApi } from '#contract/routes/addresses.ts';

export const ADDRESSES_QUERY_KEY = ['addresses'] as const;

export const getAddresses = async (signal?: AbortSignal) => (await callRoute(addressApi.list, { signal })).data.addresses;

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: ADDRESSES_QUERY_KEY,
    queryFn: ({ signal }) => getAddresses(signal),
    meta: { persist: false },
    staleTime: 60_000,
  });

/** An address without a country is in Romania (product §4). */
const withCountry = (input: AddressInput): AddressInput => ({ ...input, country: input.country?.trim() || DEFAULT_COUNTRY });

export const createAddress = (input: AddressInput) => callRoute(addressApi.store, { body: withCountry(input) });

export const updateAddress = (id: number, input: AddressInput) =>
  callRoute(addressApi.update, { params: { id }, body: withCountry(input) });

export const deleteAddress = (id: number) => callRoute(addressApi.remove, { params: { id } });

/** The input form of a stored address (for editing or making it the default). */
export const toAddressInput = (address: Address): AddressInput => ({
  name: address.name,
  phone: address.phone,
  county: address.county as AddressInput['county'],
  locality: address.locality,
  street: address.street,
  postal_code: address.postal_code,
  type: address.type,
  is_default: address.is_default,
  country: address.country,
});

export const setDefaultAddress = (address: Address) => updateAddress(address.id, { ...toAddressInput(address), is_default: true });
