import { describe, expect, it } from 'vitest';
import { render, screen } from '#src/testing/test-utils.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';

const lei = { symbol: 'lei', position: 'suffix' as const };

describe('CheckoutSummary', () => {
  it('shows the server amounts with 2 decimals and the lei suffix, VAT as contained', () => {
    render(
      <CheckoutSummary
        amounts={{ total_amount: 1234.5, delivery_charge: 15, coupon_discount: 10, payable_amount: 1239.5, order_tax_amount: 215.12 }}
        currency={lei}
      />,
    );
    expect(screen.getByTestId('summary-total').textContent).toBe('1.234,50\u00a0lei');
    expect(screen.getByTestId('summary-delivery').textContent).toBe('15,00\u00a0lei');
    expect(screen.getByTestId('summary-discount').textContent).toBe('−10,00\u00a0lei');
    expect(screen.getByTestId('summary-payable').textContent).toBe('1.239,50\u00a0lei');
    expect(screen.getByTestId('summary-vat').textContent).toBe('215,12\u00a0lei');
  });

  it('leaves out the discount row without a voucher', () => {
    render(
      <CheckoutSummary
        amounts={{ total_amount: 100, delivery_charge: 0, coupon_discount: 0, payable_amount: 100, order_tax_amount: 17.36 }}
        currency={lei}
      />,
    );
    expect(screen.queryByTestId('summary-discount')).toBeNull();
  });
});
