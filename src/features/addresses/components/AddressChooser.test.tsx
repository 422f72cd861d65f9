import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import type { z } from 'zod';
import { render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import type { Address, addressListResponseSchema } from '#contract/addresses.ts';
import { AddressChooser } from './AddressChooser.tsx';

const address = (id: number, is_default: boolean): Address => ({
  id,
  name: `Ana ${id}`,
  phone: '0722123456',
  county: 'Cluj',
  locality: 'Cluj-Napoca',
  street: `Str. ${id}`,
  postal_code: '400114',
  type: 'home',
  is_default,
  country: 'România',
});

const server = setupApiServer();

function mockAddresses(addresses: Address[]) {
  server.use(
    http.get<never, never, z.infer<typeof addressListResponseSchema>>('/api/addresses', () =>
      HttpResponse.json({ message: 'ok', data: { addresses } }),
    ),
  );
}

function Harness({ onChange }: { onChange: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <AddressChooser
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

describe('AddressChooser', () => {
  it('preselects the default address among the radio cards', async () => {
    mockAddresses([address(1, false), address(2, true)]);
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(2));
    expect(screen.getAllByTestId('address-option')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getAllByRole('radio').find((r) => r.getAttribute('aria-checked') === 'true')).toHaveAccessibleName(/Ana 2/),
    );
  });

  it('shows the form inline when there is no address', async () => {
    mockAddresses([]);
    render(<Harness onChange={vi.fn()} />);
    expect(await screen.findByTestId('address-form')).toBeInTheDocument();
  });
});
