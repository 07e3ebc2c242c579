/** Adds a cart line and says so in a toast (storefront spec §4 Cart, §8 "Added to Cart"). */
import { useCallback } from 'react';
import { useCart, type CartItem } from '../../stores/cart-store';
import { useNotify } from '@pwa/lib/notify';

export function useAddToCart(): (item: CartItem, quantity?: number) => boolean {
  const { addItem } = useCart();
  const notify = useNotify();
  return useCallback(
    (item: CartItem, quantity = 1) => {
      const added = addItem(item, quantity);
      if (added) {
        notify({ title: 'Added to Cart', description: `${item.title} has been added to your cart.` });
      } else {
        notify({ title: 'Already in Cart', description: `${item.title} is already in your cart.`, variant: 'info' });
      }
      return added;
    },
    [addItem, notify],
  );
}
