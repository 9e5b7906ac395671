export { ordersRoutes } from './orders.routes';
export { createOrdersService, payByOf, toOrderAt, type OrdersService } from './orders.service';
export { boughtSubjects, type ReviewSubject } from './orders.repository';
export { createOrderExpiry, type OrderExpiry } from './order-expiry';
export { createOrderMails, type OrderMails } from './order-mails';
export { createUnpaidOrdersOfPart, type UnpaidOrdersOfPart } from './unpaid-orders-of-part';
