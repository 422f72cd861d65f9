import { describe, expect, it, vi } from 'vitest';
import { testTrader } from '#src/testing/trader-fixture.ts';
import { fireEvent, render, screen } from '#src/testing/test-utils.tsx';
import type { CheckoutData } from '../api/checkout-api.ts';
import { CheckoutScreen, type CheckoutScreenProps } from './CheckoutScreen.tsx';

const summary: CheckoutData = {
  coupon_code: null,
  checkout: { total_amount: 100, delivery_charge: 15, coupon_discount: 0, payable_amount: 115, order_tax_amount: 19.96 },
  checkout_items: [
    {
      id: 3,
      shop_id: 3,
      shop_name: 'Vintage Cluj',
      shop_rating: 4.5,
      weight: 1,
      delivery_charge: 15,
      coupon_discount: 0,
      subtotal: 115,
      trader: testTrader,
      payable_amount: 115,
      tax_amount: 19.96,
      products: [
        {
          id: 11,
          product_id: 100,
          name: 'Geacă de piele',
          brand: null,
          thumbnail: '/t.webp',
          thumbnail_meta: null,
          price: 100,
          discount_price: 0,
          discount_percentage: 0,
          quantity: 1,
          size: { id: 1, name: 'M' },
          unit: null,
          color: null,
          shop: { id: 3 },
          delivery_weights: [],
          variant: { weight: 1 },
          stock: 1,
          line_total: 100,
        },
      ],
    },
  ],
};

const props = (over: Partial<CheckoutScreenProps> = {}): CheckoutScreenProps => ({
  title: 'Finalizare comandă',
  currency: { symbol: 'lei', position: 'suffix' },
  summary,
  summaryLoading: false,
  summaryError: null,
  addressSection: <div>adrese</div>,
  hasAddress: true,
  paymentMethod: 'cash',
  onPaymentMethod: vi.fn(),
  coupon: null,
  couponError: null,
  onCoupon: vi.fn(),
  online: true,
  busy: false,
  failure: null,
  stale: false,
  onPlace: vi.fn(),
  ...over,
});

describe('CheckoutScreen', () => {
  it('shows the items by shop with the shop delivery and subtotal, and places the order', () => {
    const p = props();
    render(<CheckoutScreen {...p} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Finalizare comandă');
    expect(screen.getByTestId('checkout-group')).toHaveTextContent('Vintage Cluj');
    expect(screen.getByTestId('group-delivery').textContent).toBe('15,00\u00a0lei');
    expect(screen.getByTestId('group-subtotal').textContent).toBe('115,00\u00a0lei');
    fireEvent.click(screen.getByTestId('place-order'));
    expect(p.onPlace).toHaveBeenCalledOnce();
  });

  it('offline: the button is disabled and says the choices are kept', () => {
    render(<CheckoutScreen {...props({ online: false })} />);
    expect(screen.getByTestId('place-order')).toBeDisabled();
    expect(screen.getByTestId('checkout-offline')).toBeInTheDocument();
  });

  it('cannot place without an address, with a refused coupon or an outdated summary', () => {
    const { rerender } = render(<CheckoutScreen {...props({ hasAddress: false })} />);
    expect(screen.getByTestId('place-order')).toBeDisabled();
    rerender(<CheckoutScreen {...props({ couponError: 'Voucherul nu a fost găsit', coupon: 'X' })} />);
    expect(screen.getByTestId('place-order')).toBeDisabled();
    expect(screen.getByText('Voucherul nu a fost găsit')).toBeInTheDocument();
    rerender(<CheckoutScreen {...props({ stale: true })} />);
    expect(screen.getByTestId('place-order')).toBeDisabled();
  });

  it('shows the server message of a refused order', () => {
    render(<CheckoutScreen {...props({ failure: { kind: 'refused', status: 409, message: 'Geacă de piele nu mai este disponibil' } })} />);
    expect(screen.getByTestId('place-order-error')).toHaveTextContent('Geacă de piele nu mai este disponibil');
  });

  it('applies a voucher code', () => {
    const p = props();
    render(<CheckoutScreen {...p} />);
    const field = screen.getByTestId('coupon-field');
    fireEvent.change(field.querySelector('input')!, { target: { value: ' VARA10 ' } });
    fireEvent.submit(field);
    expect(p.onCoupon).toHaveBeenCalledWith('VARA10');
  });
});
