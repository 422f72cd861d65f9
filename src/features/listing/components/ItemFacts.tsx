/** Beside the product's price and buttons (issue 36): what state it is in, and who sells it. */
import { Stack } from '@mantine/core';
import type { ProductDetails } from '../../../../contract/catalog.ts';
import { ItemCondition } from './ItemCondition.tsx';
import { SoldByTrader } from './TraderIdentity.tsx';

export function ItemFacts({ product }: { product: ProductDetails }) {
  return (
    <Stack gap="sm">
      <ItemCondition condition={product.condition} notes={product.condition_notes} />
      <SoldByTrader shopName={product.shop.name} trader={product.trader} />
    </Stack>
  );
}
