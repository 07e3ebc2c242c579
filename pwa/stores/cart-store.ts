/**
 * The cart (storefront spec §4), persisted in localStorage under `cart-storage` so it survives
 * reloads and works offline. Items are deduplicated on course + pricing tier: adding a course
 * and tier that is already in the cart changes nothing. A tier bought in quantity N becomes N
 * items (one per seat). The item count is the number of items; the total is the sum of prices.
 */
import { useSyncExternalStore } from 'react';

export const CART_STORAGE_KEY = 'cart-storage';

export interface CartItem {
  courseId: string;
  pricingTierId?: string;
  pricingTierName?: string;
  /** Course title, with " - {tier name}" appended when a tier is chosen. */
  title: string;
  price: number;
  type: string;
  image?: string;
  code: string;
}

export interface CartState {
  items: CartItem[];
  isOpen: boolean;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function sameLine(a: Pick<CartItem, 'courseId' | 'pricingTierId'>, b: Pick<CartItem, 'courseId' | 'pricingTierId'>): boolean {
  return a.courseId === b.courseId && (a.pricingTierId ?? null) === (b.pricingTierId ?? null);
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return !!item && typeof item.courseId === 'string' && typeof item.title === 'string' && typeof item.price === 'number' && Number.isFinite(item.price);
}

export class CartStore {
  private state: CartState = { items: [], isOpen: false };
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: StorageLike | null) {
    this.state = this.load();
  }

  private load(): CartState {
    try {
      const raw = this.storage?.getItem(CART_STORAGE_KEY);
      if (!raw) return { items: [], isOpen: false };
      const parsed = JSON.parse(raw) as { state?: Partial<CartState> };
      const items = Array.isArray(parsed.state?.items) ? parsed.state.items.filter(isCartItem) : [];
      return { items, isOpen: parsed.state?.isOpen === true };
    } catch {
      return { items: [], isOpen: false };
    }
  }

  private set(next: CartState): void {
    this.state = next;
    try {
      this.storage?.setItem(CART_STORAGE_KEY, JSON.stringify({ state: next, version: 0 }));
    } catch {
      // Storage full or blocked: the cart still works for this visit.
    }
    for (const listener of this.listeners) listener();
  }

  getState = (): CartState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Adds `quantity` items (one per seat) unless this course + tier is already in the cart. Returns whether anything was added. */
  addItem = (item: CartItem, quantity = 1): boolean => {
    if (this.state.items.some((existing) => sameLine(existing, item))) return false;
    const count = Math.min(99, Math.max(1, Math.floor(quantity) || 1));
    this.set({ ...this.state, items: [...this.state.items, ...Array.from({ length: count }, () => ({ ...item }))] });
    return true;
  };

  /** Without a tier: every entry of the course. With a tier: every entry of that course and tier. */
  removeItem = (courseId: string, pricingTierId?: string): void => {
    const keep = this.state.items.filter((item) => (pricingTierId === undefined ? item.courseId !== courseId : !sameLine(item, { courseId, pricingTierId })));
    this.set({ ...this.state, items: keep });
  };

  /** The line's number of seats (1..99), in the line's place: buying seats for a team. A line not in the cart is left alone. */
  setQuantity = (line: Pick<CartItem, 'courseId' | 'pricingTierId'>, quantity: number): void => {
    const at = this.state.items.findIndex((existing) => sameLine(existing, line));
    if (at < 0) return;
    const count = Math.min(99, Math.max(1, Math.floor(quantity) || 1));
    const template = this.state.items[at]!;
    const others = this.state.items.filter((existing) => !sameLine(existing, line));
    const items = [...others.slice(0, at), ...Array.from({ length: count }, () => ({ ...template })), ...others.slice(at)];
    this.set({ ...this.state, items });
  };

  clearCart = (): void => this.set({ ...this.state, items: [] });

  /** The control that opened the panel: focus goes back to it when the panel closes. */
  opener: HTMLElement | null = null;

  toggleCart = (): void => this.setOpen(!this.state.isOpen);

  setOpen = (isOpen: boolean): void => {
    if (this.state.isOpen === isOpen) return;
    if (isOpen && typeof document !== 'undefined')
      this.opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    this.set({ ...this.state, isOpen });
  };

  /** Reloads from storage: another tab changed the cart. */
  reload = (): void => {
    this.state = this.load();
    for (const listener of this.listeners) listener();
  };
}

export function cartItemCount(state: CartState): number {
  return state.items.length;
}

export function cartTotal(state: CartState): number {
  return Math.round(state.items.reduce((sum, item) => sum + item.price, 0) * 100) / 100;
}

export const cartStore = new CartStore(typeof window !== 'undefined' ? window.localStorage : null);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY) cartStore.reload();
  });
}

export function useCart() {
  const state = useSyncExternalStore(cartStore.subscribe, cartStore.getState, cartStore.getState);
  return {
    items: state.items,
    isOpen: state.isOpen,
    itemCount: cartItemCount(state),
    total: cartTotal(state),
    addItem: cartStore.addItem,
    removeItem: cartStore.removeItem,
    setQuantity: cartStore.setQuantity,
    clearCart: cartStore.clearCart,
    toggleCart: cartStore.toggleCart,
    setOpen: cartStore.setOpen,
  };
}
