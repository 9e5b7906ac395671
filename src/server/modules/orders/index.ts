export { ordersRoutes } from './orders.routes';
export { createOrdersService, toOrder, type OrdersService } from './orders.service';
export { usersWithPaidOrders } from './orders.repository';
