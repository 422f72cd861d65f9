import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { AddressInput, addressResponseSchema } from '#contract/addresses.ts';
import type { ValidationErrorBody } from '#contract/envelope.ts';
import { fireEvent, render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { createAddress } from '../api/addresses-api.ts';
import { AddressForm, EMPTY_ADDRESS } from './AddressForm.tsx';

const server = setupApiServer();

const valid = {
  ...EMPTY_ADDRESS,
  name: 'Ana Pop',
  phone: '0722123456',
  county: 'Cluj' as const,
  locality: 'Cluj-Napoca',
  street: 'Str. Memorandumului 1',
  postal_code: '400114',
};
const input = (form: HTMLElement, index: number) => form.querySelectorAll('input')[index] as HTMLInputElement;

describe('AddressForm', () => {
  it('shows the contract messages translated before sending anything', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm onSubmit={onSubmit} />);
    fireEvent.submit(screen.getByTestId('address-form'));
    expect(await screen.findByText('Câmpul nume este obligatoriu')).toBeInTheDocument();
    expect(screen.getByText('Alege un județ din listă')).toBeInTheDocument();
    expect(screen.getByText('Codul poștal trebuie să aibă 6 cifre')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps only digits in the phone and postal code, with a numeric keyboard', () => {
    render(<AddressForm onSubmit={vi.fn()} />);
    const form = screen.getByTestId('address-form');
    const phone = input(form, 1);
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(phone, { target: { value: '0722 12-34ab' } });
    expect(phone.value).toBe('07221234');
    const postal = form.querySelector('input[autocomplete="postal-code"]') as HTMLInputElement;
    fireEvent.change(postal, { target: { value: '4001145x9' } });
    expect(postal.value).toBe('400114');
  });

  it('sends the parsed address and shows the server field messages', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new ApiError(422, 'Invalid', { street: ['Strada este prea lungă'] }));
    render(<AddressForm initial={valid} onSubmit={onSubmit} />);
    fireEvent.submit(screen.getByTestId('address-form'));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Ana Pop', county: 'Cluj', postal_code: '400114', type: 'home' }),
      ),
    );
    expect(await screen.findByText('Strada este prea lungă')).toBeInTheDocument();
  });

  it('through the API: sends the parsed address as JSON, and a 422 answer puts its messages on their fields', async () => {
    const bodies: AddressInput[] = [];
    server.use(
      http.post<never, AddressInput, ValidationErrorBody>('/api/address/store', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: 'Datele nu sunt valide', errors: { postal_code: ['Codul poștal nu corespunde localității'] } },
          { status: 422 },
        );
      }),
    );
    render(<AddressForm initial={{ ...valid, name: '  Ana Pop ', type: 'work' }} onSubmit={createAddress} />);
    fireEvent.submit(screen.getByTestId('address-form'));
    expect(await screen.findByText('Codul poștal nu corespunde localității')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Ana Pop',
        phone: '0722123456',
        county: 'Cluj',
        locality: 'Cluj-Napoca',
        street: 'Str. Memorandumului 1',
        postal_code: '400114',
        type: 'work',
        is_default: false,
        country: 'România',
      },
    ]);

    const saved = vi.fn();
    server.use(
      http.post<never, AddressInput, z.infer<typeof addressResponseSchema>>('/api/address/store', async ({ request }) => {
        const body = await request.json();
        return HttpResponse.json({
          message: 'Adresa a fost salvată.',
          data: { address: { id: 8, ...valid, type: 'work', is_default: false, country: body.country ?? '' } },
        });
      }),
    );
    render(<AddressForm initial={valid} onSubmit={async (input) => saved((await createAddress(input)).data.address.id)} />);
    fireEvent.submit(screen.getAllByTestId('address-form')[1]!);
    await waitFor(() => expect(saved).toHaveBeenCalledWith(8));
  });
});
