import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, CartStore, cartItemCount, cartTotal, type CartItem } from './cart-store';

class FakeStorage {
  readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

function item(overrides: Partial<CartItem> = {}): CartItem {
  return { courseId: 'course-1', title: 'GMP Essentials', price: 199, type: 'webinar', code: 'GMP-101', ...overrides };
}

const tierItem = (tier: string, price: number, courseId = 'course-1'): CartItem =>
  item({ courseId, pricingTierId: tier, pricingTierName: tier, title: `GMP Essentials - ${tier}`, price });

describe('CartStore', () => {
  it('starts empty and closed with no stored cart', () => {
    const store = new CartStore(new FakeStorage());
    expect(store.getState()).toEqual({ items: [], isOpen: false });
  });

  describe('addItem', () => {
    it('ignores a course that is already in the cart without a tier', () => {
      const store = new CartStore(new FakeStorage());
      expect(store.addItem(item())).toBe(true);
      expect(store.addItem(item({ title: 'changed', price: 5 }))).toBe(false);
      expect(store.getState().items).toEqual([item()]);
    });

    it('ignores the same course and tier, but accepts another tier of the same course', () => {
      const store = new CartStore(new FakeStorage());
      expect(store.addItem(tierItem('standard', 300))).toBe(true);
      expect(store.addItem(tierItem('standard', 300), 3)).toBe(false);
      expect(store.addItem(tierItem('premium', 500))).toBe(true);
      expect(store.getState().items.map((line) => line.pricingTierId)).toEqual(['standard', 'premium']);
    });

    it('treats a tierless line and a tiered line of the same course as different lines', () => {
      const store = new CartStore(new FakeStorage());
      store.addItem(item());
      expect(store.addItem(tierItem('standard', 300))).toBe(true);
      expect(store.getState().items).toHaveLength(2);
    });

    it('adds one item per unit of quantity', () => {
      const store = new CartStore(new FakeStorage());
      store.addItem(tierItem('group', 250), 3);
      const { items } = store.getState();
      expect(items).toHaveLength(3);
      expect(items.every((line) => line.pricingTierId === 'group' && line.price === 250)).toBe(true);
      // Each seat is its own object, not three references to the caller's item.
      expect(new Set(items).size).toBe(3);
    });

    it('keeps quantity within 1..99', () => {
      const store = new CartStore(new FakeStorage());
      store.addItem(item({ courseId: 'a' }), 0);
      store.addItem(item({ courseId: 'b' }), 150);
      store.addItem(item({ courseId: 'c' }), Number.NaN);
      const counts = ['a', 'b', 'c'].map((id) => store.getState().items.filter((line) => line.courseId === id).length);
      expect(counts).toEqual([1, 99, 1]);
    });
  });

  describe('setQuantity', () => {
    it('sets how many seats a line has, in its place, within 1..99, leaving other lines alone', () => {
      const store = new CartStore(new FakeStorage());
      store.addItem(item({ courseId: 'a' }));
      store.addItem(item({ courseId: 'b' }), 2);
      store.addItem(tierItem('group', 250, 'c'));
      store.setQuantity({ courseId: 'b' }, 5);
      expect(store.getState().items.map((line) => line.courseId)).toEqual(['a', 'b', 'b', 'b', 'b', 'b', 'c']);
      store.setQuantity({ courseId: 'b' }, 1);
      expect(store.getState().items.map((line) => line.courseId)).toEqual(['a', 'b', 'c']);
      store.setQuantity({ courseId: 'c', pricingTierId: 'group' }, 500);
      expect(store.getState().items.filter((line) => line.courseId === 'c')).toHaveLength(99);
      store.setQuantity({ courseId: 'a' }, 0);
      expect(store.getState().items.filter((line) => line.courseId === 'a')).toHaveLength(1);
      // A line not in the cart (another tier) is not added.
      store.setQuantity({ courseId: 'a', pricingTierId: 'group' }, 3);
      expect(store.getState().items.filter((line) => line.courseId === 'a')).toHaveLength(1);
    });
  });

  describe('removeItem', () => {
    it('without a tier removes every entry of the course', () => {
      const store = new CartStore(new FakeStorage());
      store.addItem(tierItem('standard', 300), 2);
      store.addItem(tierItem('premium', 500));
      store.addItem(item({ courseId: 'course-2', title: 'Other' }));
      store.removeItem('course-1');
      expect(store.getState().items.map((line) => line.courseId)).toEqual(['course-2']);
    });

    it('with a tier removes only that course and tier', () => {
      const store = new CartStore(new FakeStorage());
      store.addItem(tierItem('standard', 300), 2);
      store.addItem(tierItem('premium', 500));
      store.addItem(tierItem('standard', 300, 'course-2'));
      store.removeItem('course-1', 'standard');
      expect(store.getState().items.map((line) => `${line.courseId}/${line.pricingTierId}`)).toEqual(['course-1/premium', 'course-2/standard']);
    });

    it('makes a removed line addable again', () => {
      const store = new CartStore(new FakeStorage());
      store.addItem(item());
      store.removeItem('course-1');
      expect(store.addItem(item())).toBe(true);
    });
  });

  it('clearCart empties the items and keeps the panel state', () => {
    const store = new CartStore(new FakeStorage());
    store.addItem(item());
    store.addItem(item({ courseId: 'course-2' }));
    store.setOpen(true);
    store.clearCart();
    expect(store.getState()).toEqual({ items: [], isOpen: true });
  });

  it('toggleCart flips the open flag and setOpen sets it', () => {
    const store = new CartStore(new FakeStorage());
    store.toggleCart();
    expect(store.getState().isOpen).toBe(true);
    store.toggleCart();
    expect(store.getState().isOpen).toBe(false);
    store.setOpen(true);
    expect(store.getState().isOpen).toBe(true);
    store.setOpen(false);
    expect(store.getState().isOpen).toBe(false);
  });

  it('counts items, not lines, and totals their prices', () => {
    const store = new CartStore(new FakeStorage());
    store.addItem(tierItem('group', 0.1), 2);
    store.addItem(item({ courseId: 'course-2', price: 0.2 }));
    store.addItem(item({ courseId: 'course-3', price: 1299 }));
    const state = store.getState();
    expect(cartItemCount(state)).toBe(4);
    expect(cartTotal(state)).toBe(1299.4);
    expect(cartTotal({ items: [], isOpen: false })).toBe(0);
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const store = new CartStore(new FakeStorage());
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.addItem(item());
    store.toggleCart();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.clearCart();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  describe('persistence', () => {
    it(`round-trips items and the open flag through "${CART_STORAGE_KEY}"`, () => {
      const storage = new FakeStorage();
      const first = new CartStore(storage);
      first.addItem(tierItem('standard', 300), 2);
      first.addItem(item({ courseId: 'course-2', image: '/images/courses/x.jpg' }));
      first.setOpen(true);

      expect([...storage.data.keys()]).toEqual([CART_STORAGE_KEY]);
      const stored = JSON.parse(storage.getItem(CART_STORAGE_KEY)!) as { state: { items: CartItem[]; isOpen: boolean } };
      expect(stored.state.items).toHaveLength(3);
      expect(stored.state.isOpen).toBe(true);

      const second = new CartStore(storage);
      expect(second.getState()).toEqual(first.getState());
      // Dedupe still applies to the restored cart.
      expect(second.addItem(tierItem('standard', 300))).toBe(false);
    });

    it('reload() picks up a cart written by another tab', () => {
      const storage = new FakeStorage();
      const tab = new CartStore(storage);
      const otherTab = new CartStore(storage);
      otherTab.addItem(item());
      expect(tab.getState().items).toHaveLength(0);
      tab.reload();
      expect(tab.getState().items).toEqual([item()]);
    });

    it.each([
      ['not JSON', '{oops'],
      ['JSON null', 'null'],
      ['a string', '"hello"'],
      ['items that are not a list', JSON.stringify({ state: { items: 'nope', isOpen: 'yes' } })],
    ])('ignores corrupt storage (%s)', (_label, raw) => {
      const storage = new FakeStorage();
      storage.setItem(CART_STORAGE_KEY, raw);
      const store = new CartStore(storage);
      expect(store.getState()).toEqual({ items: [], isOpen: false });
      expect(store.addItem(item())).toBe(true);
    });

    it('drops malformed entries and keeps the valid ones', () => {
      const storage = new FakeStorage();
      storage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify({
          state: { items: [item(), { courseId: 'x' }, null, item({ courseId: 'y', price: 'free' as unknown as number }), item({ courseId: 'z' })] },
        }),
      );
      const store = new CartStore(storage);
      expect(store.getState().items.map((line) => line.courseId)).toEqual(['course-1', 'z']);
    });

    it('keeps working in memory when storage throws', () => {
      const storage = {
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => {
          throw new Error('quota');
        },
      };
      const store = new CartStore(storage);
      expect(store.addItem(item())).toBe(true);
      expect(store.getState().items).toHaveLength(1);
    });

    it('works without any storage', () => {
      const store = new CartStore(null);
      store.addItem(item());
      expect(cartItemCount(store.getState())).toBe(1);
    });
  });
});
