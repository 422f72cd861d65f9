/**
 * Addresses (spec §7): GET /addresses (private: not persisted), POST /address/store,
 * PUT /address/:id, DELETE /address/:id. The server keeps exactly one default per user.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { DEFAULT_COUNTRY, type Address, type AddressInput } from '../../../../contract/addresses.ts';

export const ADDRESSES_QUERY_KEY = ['addresses'] as const;

interface AddressListResponse {
  message: string;
  data: { addresses: Address[] };
}
interface AddressResponse {
  message: string;
  data: { address: Address };
}

export const getAddresses = async (signal?: AbortSignal) =>
  (await apiRequest<AddressListResponse>('/addresses', { signal })).data.addresses;

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: ADDRESSES_QUERY_KEY,
    queryFn: ({ signal }) => getAddresses(signal),
    meta: { persist: false },
    staleTime: 60_000,
  });

/** An address without a country is in Romania (spec §4). */
const withCountry = (input: AddressInput): AddressInput => ({ ...input, country: input.country?.trim() || DEFAULT_COUNTRY });

export const createAddress = (input: AddressInput) =>
  apiRequest<AddressResponse>('/address/store', { method: 'POST', body: withCountry(input) });

export const updateAddress = (id: number, input: AddressInput) =>
  apiRequest<AddressResponse>(`/address/${id}`, { method: 'PUT', body: withCountry(input) });

export const deleteAddress = (id: number) => apiRequest<{ message: string }>(`/address/${id}`, { method: 'DELETE' });

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
