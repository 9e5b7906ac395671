import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import * as copy from '#shared/copy';
import type { Overview } from '#shared/schemas/overview';
import { formatShortDay } from '../../../lib/format-date';
import { useMoney } from '../../../lib/use-money';

const o = copy.overview;

/**
 * Revenue per day as bars (recharts, loaded with this component only). A picture for sighted readers:
 * the same figures are in the table the overview shows with it, so the chart is one image to screen
 * readers, with a label saying where the figures are.
 */
export default function RevenueChart({ days, revenueByDay }: Pick<Overview, 'days' | 'revenueByDay'>) {
  const formatMoney = useMoney();
  return (
    <div role="img" aria-label={o.chartLabel(days)} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={revenueByDay} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={formatShortDay} tick={{ fill: '#475569', fontSize: 12 }} minTickGap={24} />
          <YAxis
            tickFormatter={(cents: number) => formatMoney(cents).replace(/\.00$/, '')}
            tick={{ fill: '#475569', fontSize: 12 }}
            width={72}
          />
          <Tooltip
            formatter={(cents) => [formatMoney(Number(cents)), o.revenue]}
            labelFormatter={(date) => formatShortDay(String(date))}
          />
          <Bar dataKey="cents" name={o.revenue} fill="#c2410c" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
