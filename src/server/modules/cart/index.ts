// The cart module's public functions: what the rest of the server may use. Other modules never import
// its files directly (docs/decisions/0017-modules-and-events.md).
export { cartRoutes } from './cart.routes';
export { createCartService, type CartService, type PartsAdded } from './cart.service';
