import { formatCount } from '../numbers';

export const overview = {
  intro:
    'How the shop is doing: sales by day, orders by status, best sellers, stock running low and what customers searched for without finding it.',
  daysLabel: 'Period',
  days: (days: number) => `Last ${days} days`,
  daysInvalid: 'Choose the last 30 or 90 days.',
  revenueTitle: 'Revenue (gross) and paid orders per day',
  revenueSummary: (cents: string, orders: number, days: number) =>
    orders === 0
      ? `No paid orders in the last ${days} days.`
      : `${cents} from ${formatCount(orders)} paid ${orders === 1 ? 'order' : 'orders'} in the last ${days} days.`,
  revenueBasis: 'Gross: what the orders charged, tax and delivery included.',
  revenueTableToggle: 'Show the figures as a table',
  revenueTableRegion: 'Gross revenue and paid orders, day by day',
  date: 'Date',
  revenue: 'Gross revenue',
  paidOrders: 'Paid orders',
  statusTitle: 'Orders by status',
  count: 'Orders',
  topPartsTitle: 'Best sellers (all time)',
  topPartsText: 'Net sales: what their lines in paid orders brought, without tax or delivery.',
  topPartsEmpty: 'No part has been sold yet.',
  part: 'Part',
  sku: 'SKU',
  units: 'Units sold',
  sales: 'Net sales',
  lowStockTitle: 'Low on stock',
  lowStockText: 'Live parts with less stock than their low-stock threshold, fewest first.',
  lowStockEmpty: 'Every part has at least its low-stock threshold in stock.',
  stock: 'In stock',
  threshold: 'Threshold',
  edit: (name: string) => `Edit ${name}`,
  missesTitle: 'Searches that found nothing',
  missesText: (days: number) => `The texts searched most often without a result in the last ${days} days.`,
  missesEmpty: 'Every search found something.',
  returnsTitle: 'Returns by reason',
  returnsText: (days: number) => `The return lines asked for in the last ${days} days, refused ones included, and their units.`,
  reason: 'Reason',
  returnLines: 'Lines',
  returnUnits: 'Units',
  openDeposits: (amount: string) => `Core deposits still open: ${amount}`,
  openDepositsNote:
    'Charged on paid, confirmed, shipped or delivered orders and not yet settled by a credited core return, net of tax.',
  query: 'Search text',
  times: 'Times',
  chartLabel: (days: number) =>
    `Gross revenue per day over the last ${days} days, as a bar chart. The same figures are in the table below it.`,
} as const;
