/** Smoke tests of the route modules composing checkout, orders and addresses (the API answered by MSW). */
import { Route, Routes } from 'react-router';
import { testTrader } from '#src/testing/trader-fixture.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Address, addressListResponseSchema } from '#contract/addresses.ts';
import type { CartGroup, CartProduct, CartResponse } from '#contract/cart.ts';
import type { CheckoutRequest, CheckoutResponse } from '#contract/checkout.ts';
import type { ErrorBody } from '#contract/envelope.ts';
import type {
  OrderDetails,
  OrderSummary,
  PlaceOrderPayload,
  PlaceOrderResponse,
  orderListResponseSchema,
  orderResponseSchema,
} from '#contract/orders.ts';
import { fireEvent, render, screen, waitFor } from '#src/testing/test-utils.tsx';
import { HttpResponse, http, setupApiServer } from '#src/testing/msw.ts';
import { sessionStore } from '#src/features/auth/lib/session-store.ts';
import { basketStore } from '#src/features/cart/lib/basket-store.ts';
import { Component as Checkout } from './checkout.tsx';
import { Component as History } from './order-history.tsx';
import { Component as Details } from './order-details.tsx';
import { Component as Result } from './payment-result.tsx';
import { Component as Manage } from './manage-address.tsx';

const line: CartProduct = {
  id: 11,
  product_id: 100,
  name: 'Geacă',
  brand: null,
  thumbnail: '/t.webp',
  thumbnail_meta: null,
  price: 100,
  discount_price: 0,
  discount_percentage: 0,
  quantity: 1,
  size: null,
  unit: null,
  color: null,
  shop: { id: 3 },
  delivery_weights: [],
  variant: { weight: 1 },
  stock: 1,
  line_total: 100,
};
const group: CartGroup = { id: 3, shop_id: 3, shop_name: 'Vintage', shop_rating: 4, products: [line] };
const addr: Address = {
  id: 5,
  name: 'Ana',
  phone: '0722123456',
  county: 'Cluj',
  locality: 'Cluj',
  street: 'Str 1',
  postal_code: '400114',
  type: 'home',
  is_default: true,
  country: 'România',
};
const order: OrderSummary = {
  id: 9,
  number: 'TAL-1',
  status: 'pending',
  payment_method: 'cash',
  payment_status: 'unpaid',
  shop: { id: 3, name: 'Vintage' },
  items_count: 1,
  total_amount: 100,
  delivery_charge: 15,
  coupon_discount: 0,
  payable_amount: 115,
  order_tax_amount: 19.96,
  created_at: '2026-03-05T10:00:00Z',
};
const details: OrderDetails = {
  ...order,
  items: [
    {
      id: 1,
      product_id: 100,
      name: 'Geacă',
      brand: null,
      thumbnail: '',
      thumbnail_meta: null,
      size: null,
      color: null,
      unit: null,
      quantity: 1,
      price: 100,
      unit_price: 100,
      line_total: 100,
    },
  ],
  address: addr,
  coupon_code: null,
  note: null,
  tracking: 'AWB 123',
  weight: 1,
  can_cancel: true,
  review: null,
  history: [{ status: 'pending', note: null, created_at: order.created_at }],
  withdrawals: [],
  withdrawal: { open: true, deadline: null, withdrawable: [{ order_item_id: 1, quantity: 1 }] },
};

/** What the screens send, in order. */
const calls: { path: string; headers: Headers; body: unknown }[] = [];
async function record(request: Request) {
  calls.push({
    path: new URL(request.url).pathname,
    headers: request.headers,
    body: request.method === 'GET' ? undefined : await request.clone().json(),
  });
}

setupApiServer(
  http.get<never, never, CartResponse>(
    '/api/carts',
    async ({ request }) => (await record(request), HttpResponse.json({ message: 'ok', data: { total: 100, cart_items: [group] } })),
  ),
  http.get<never, never, z.infer<typeof addressListResponseSchema>>(
    '/api/addresses',
    async ({ request }) => (await record(request), HttpResponse.json({ message: 'ok', data: { addresses: [addr] } })),
  ),
  http.post<never, CheckoutRequest, CheckoutResponse>(
    '/api/cart/checkout',
    async ({ request }) => (
      await record(request),
      HttpResponse.json({
        message: 'ok',
        data: {
          coupon_code: null,
          checkout: { total_amount: 100, delivery_charge: 15, coupon_discount: 0, payable_amount: 115, order_tax_amount: 19.96 },
          checkout_items: [
            {
              ...group,
              weight: 1,
              delivery_charge: 15,
              coupon_discount: 0,
              subtotal: 115,
              payable_amount: 115,
              tax_amount: 19.96,
              trader: testTrader,
            },
          ],
        },
      })
    ),
  ),
  http.post<never, PlaceOrderPayload, PlaceOrderResponse>(
    '/api/place-order',
    async ({ request }) => (await record(request), HttpResponse.json({ message: 'ok', data: { orders: [order], payment_url: null } })),
  ),
  http.get<never, never, z.infer<typeof orderListResponseSchema>>(
    '/api/orders',
    async ({ request }) => (
      await record(request),
      HttpResponse.json({ message: 'ok', data: { data: [order], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } } })
    ),
  ),
  http.get<never, never, z.infer<typeof orderResponseSchema>>(
    '/api/orders/9',
    async ({ request }) => (await record(request), HttpResponse.json({ message: 'ok', data: { order: details } })),
  ),
  // Master data is not what these screens are tested for: the spec defaults stand in.
  http.get<never, never, ErrorBody>('/api/master', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
);
afterEach(() => {
  calls.length = 0;
});

describe('checkout, orders and addresses routes', () => {
  it('checkout places an order with an idempotency key', async () => {
    sessionStore.set({ token: 't', user: { id: 1, name: 'Ana', phone_verified_at: '2026-01-01' } as never });
    basketStore.set({ selection: { lineKeys: ['100::'] } });
    render(<Checkout />);
    expect(await screen.findByTestId('checkout-group')).toHaveTextContent('Vintage');
    await waitFor(() => expect(screen.getByTestId('place-order')).toBeEnabled());
    fireEvent.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/place-order')).toBe(true));
    const placed = calls.find((c) => c.path === '/api/place-order')!;
    expect(placed.body).toMatchObject({ cart_ids: [11], shop_ids: [3], selected_products: [100], address_id: 5, payment_method: 'cash' });
    expect(placed.headers.get('Idempotency-Key')).toMatch(/-/);
  });
  it('order history lists orders', async () => {
    render(<History />);
    expect(await screen.findByTestId('order-row')).toHaveTextContent('TAL-1');
  });
  it('order details shows items, tracking and cancel', async () => {
    render(
      <Routes>
        <Route path="/order-history/:id" element={<Details />} />
      </Routes>,
      { route: '/order-history/9' },
    );
    expect(await screen.findByTestId('order-item')).toHaveTextContent('Geacă');
    expect(screen.getByTestId('order-tracking')).toHaveTextContent('AWB 123');
    expect(screen.getByTestId('cancel-order')).toBeInTheDocument();
  });
  it('payment success shows the order numbers', async () => {
    render(<Result />, { route: '/payment-success?order=TAL-1' });
    expect(await screen.findByTestId('order-numbers')).toHaveTextContent('TAL-1');
  });
  it('manage address marks the default', async () => {
    render(<Manage />);
    expect(await screen.findByTestId('default-badge')).toBeInTheDocument();
  });
});
