/**
 * Every string a user reads (docs/shop-rules.md quotes them where its rules name them), one module a
 * section in copy/, gathered here to be imported as one namespace: `import * as copy from '#shared/copy'`,
 * read as `copy.section.key`, so a page's bundle keeps only the sections it reads.
 * Spelling is kept verbatim from the product spec, including its quirks ("Retting", "booking less then").
 */
export const brand = 'Gearhouse';
export const tagline = 'Genuine car parts, straight from the manufacturer';

export { nav } from './copy/nav';
export { landing } from './copy/landing';
export { part } from './copy/part';
export { partsList } from './copy/parts-list';
export { pagination } from './copy/pagination';
export { reviews } from './copy/reviews';
export { blogs } from './copy/blogs';
export { notFound } from './copy/not-found';
export { footer } from './copy/footer';
export { common } from './copy/common';
export { fields } from './copy/fields';
export { validation } from './copy/validation';
export { toasts } from './copy/toasts';
export { auth } from './copy/auth';
export { users } from './copy/users';
export { manageOrders } from './copy/manage-orders';
export { uploads } from './copy/uploads';
export { mail } from './copy/mail';
export { dashboard } from './copy/dashboard';
export { overview } from './copy/overview';
export { partsAdmin } from './copy/parts-admin';
export { categoriesAdmin } from './copy/categories-admin';
export { categories } from './copy/categories';
export { vehicles } from './copy/vehicles';
export { vehiclePicker } from './copy/vehicle-picker';
export { vehiclesAdmin } from './copy/vehicles-admin';
export { fitmentRows } from './copy/fitment-rows';
export { partFits } from './copy/part-fits';
export { garagePage } from './copy/garage-page';
export { garage } from './copy/garage';
export { cart } from './copy/cart';
export { quickOrder } from './copy/quick-order';
export { pricing } from './copy/pricing';
export { deal } from './copy/deal';
export { cartView } from './copy/cart-view';
export { reviewForm } from './copy/review-form';
export { inbox } from './copy/inbox';
export { settings } from './copy/settings';
export { companies } from './copy/companies';
export { companiesAdmin } from './copy/companies-admin';
export { memberPrices } from './copy/member-prices';
export { companyMembers } from './copy/company-members';
export { savedLists } from './copy/saved-lists';
export { returns } from './copy/returns';
export { supersessions } from './copy/supersessions';
export { stockAlerts } from './copy/stock-alerts';
export { apiKeys } from './copy/api-keys';
export { availability } from './copy/availability';
export { webhooks } from './copy/webhooks';
export { profile } from './copy/profile';
export { payment } from './copy/payment';
export { booking } from './copy/booking';
export { orders } from './copy/orders';
export { invoice } from './copy/invoice';
export { quickOrderPage } from './copy/quick-order-page';
export { placeholders } from './copy/placeholders';
export { address } from './copy/address';
export { vatId } from './copy/vat-id';
export { totals } from './copy/totals';
export { memberOrders } from './copy/member-orders';
export { statement } from './copy/statement';
export { companyOrders } from './copy/company-orders';
export { catalogueImport } from './copy/catalogue-import';
export { catalogueExchange } from './copy/catalogue-exchange';
export { vin } from './copy/vin';
