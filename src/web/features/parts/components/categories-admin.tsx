import * as copy from '#shared/copy';
import { formatCount } from '#shared/numbers';
import type { Category } from '#shared/schemas/categories';
import { AdminList } from '../../../components/admin-list';
import { useDeleteCategoryMutation } from '../api/delete-category';
import { useCategoriesQuery } from '../api/get-categories';
import { CategoryForm } from './category-form';

const c = copy.categoriesAdmin;

/**
 * The admin's categories (docs/shop-rules.md, "Categories"): an add form, then every category with its
 * address name and number of parts, Rename (a form in a dialog) and Delete (after "Are you sure?").
 * The server refuses to delete a category that still has parts; its reason stays above the table.
 */
export function CategoriesAdmin() {
  const categories = useCategoriesQuery();
  const remove = useDeleteCategoryMutation();
  return (
    <AdminList<Category>
      caption={copy.dashboard.categories}
      text={{ ...c, change: c.rename, changeTitle: c.renameTitle }}
      emptyText={c.empty}
      list={categories}
      remove={remove}
      nameOf={(category) => category.name}
      columns={[
        {
          label: c.name,
          value: (category) => category.name,
          className: 'font-semibold break-words text-slate-900',
          titled: true,
        },
        { label: c.slug, value: (category) => category.slug, className: 'font-mono text-sm break-all text-slate-800' },
        {
          label: c.parts,
          value: (category) => formatCount(category.partCount),
          className: 'text-slate-800 tabular-nums md:text-right',
          headerClassName: 'text-right',
        },
      ]}
      form={(category, onSaved) => <CategoryForm category={category} onSaved={onSaved} />}
      testId="category"
    />
  );
}
