import type { OrderTax } from '#shared/order-totals';
import type { OrderRow } from '../../db/schema';

/** What an order charged, read from its row. */
export interface Charged {
  goodsCents: number;
  deliveryCents: number;
  taxes: OrderTax[];
  totalCents: number;
}

/** An order's figures as charged; one placed before tax and delivery had only its goods, its total. */
export function chargedOf(row: Pick<OrderRow, 'goods_cents' | 'delivery_cents' | 'taxes' | 'total_cents'>): Charged {
  return {
    goodsCents: row.goods_cents === null ? Number(row.total_cents) : Number(row.goods_cents),
    deliveryCents: Number(row.delivery_cents),
    taxes: JSON.parse(row.taxes) as OrderTax[],
    totalCents: Number(row.total_cents),
  };
}
