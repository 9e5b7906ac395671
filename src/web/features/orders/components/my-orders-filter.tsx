import * as copy from '#shared/copy';
import { myOrdersViewValues, type MyOrdersView } from '#shared/schemas/orders';
import { ChoiceSelect } from '../../../components/choice-select';

interface MyOrdersFilterProps {
  view: MyOrdersView;
  onViewChange: (view: MyOrdersView) => void;
}

const VIEWS = myOrdersViewValues.map((value) => ({ value, label: copy.orders.views[value] }));

/** Which of their orders My Orders lists: the open ones (the default), the cancelled ones, or all. */
export function MyOrdersFilter({ view, onViewChange }: MyOrdersFilterProps) {
  return <ChoiceSelect label={copy.orders.viewLabel} value={view} choices={VIEWS} onChange={onViewChange} />;
}
