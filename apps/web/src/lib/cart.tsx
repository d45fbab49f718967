import { computeTotals, kronerToOre, multiply, type VatSettings } from '@klubhus/domain';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/**
 * The storefront cart, kept in the browser until the webshop issue connects it
 * to the server cart (GET/POST /public/orders/webshop/cart). The webshop fills
 * it with setCart(serverCart) or addLine(); the header shows the line count and
 * the drawer shows lines, Subtotal, Moms and Total.
 */
export interface CartLine {
  id: string;
  title: string;
  amount: number;
  /** Unit price in kroner, as the club shows it (with or without VAT per pricesWithVat). */
  price: number;
  image?: string | null;
  description?: string | null;
}

export interface Cart {
  lines: CartLine[];
  /** Totals in kroner (the wire) as computed by the server when known; else computed from lines and the club's VAT settings. */
  subtotal?: number;
  vat?: number;
  total?: number;
}

interface CartContextValue {
  cart: Cart;
  count: number;
  setCart: (cart: Cart) => void;
  addLine: (line: CartLine) => void;
  updateAmount: (id: string, amount: number) => void;
  clear: () => void;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}

const KEY = 'klubhus:cart';
const CartContext = createContext<CartContextValue | null>(null);

function load(): Cart {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Cart) : null;
    if (parsed && Array.isArray(parsed.lines)) return parsed;
  } catch {}
  return { lines: [] };
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, setCartState] = useState<Cart>(load);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    try {
      localStorage.setItem(KEY, JSON.stringify(cart));
    } catch {}
  }, [cart]);
  const setCart = useCallback((c: Cart) => setCartState(c), []);
  const addLine = useCallback(
    (line: CartLine) =>
      setCartState((c) => {
        const existing = c.lines.find((l) => l.id === line.id);
        const lines = existing ? c.lines.map((l) => (l.id === line.id ? { ...l, amount: l.amount + line.amount } : l)) : [...c.lines, line];
        return { lines };
      }),
    [],
  );
  const updateAmount = useCallback(
    (id: string, amount: number) =>
      setCartState((c) => ({ lines: amount <= 0 ? c.lines.filter((l) => l.id !== id) : c.lines.map((l) => (l.id === id ? { ...l, amount } : l)) })),
    [],
  );
  const clear = useCallback(() => setCartState({ lines: [] }), []);
  const value = useMemo(
    () => ({ cart, count: cart.lines.length, setCart, addLine, updateAmount, clear, drawerOpen, setDrawerOpen }),
    [cart, setCart, addLine, updateAmount, clear, drawerOpen],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const c = useContext(CartContext);
  if (!c) throw new Error('useCart needs <CartProvider>');
  return c;
}

/** The club's VAT settings (client configuration: vatRate, pricesWithVat, disableVat) as computeTotals takes them; none without a club. */
export function vatSettings(club: { vatRate: number | string; pricesWithVat: boolean; disableVat: boolean } | null): VatSettings {
  if (!club) return { vatRate: 0, pricesWithVat: false, disableVat: true };
  return { vatRate: Number(club.vatRate), pricesWithVat: club.pricesWithVat, disableVat: club.disableVat };
}

/** A cart line's price times its amount, in øre. */
export const lineTotal = (line: CartLine): number => multiply(kronerToOre(line.price), line.amount);

/**
 * Cart totals in øre from the server's own function (computeTotals in packages/domain: net = gross × 100 / (100 + rate)
 * when prices include VAT; no VAT when it is disabled). Server totals win when present.
 */
export function cartTotals(cart: Cart, club: { vatRate: number | string; pricesWithVat: boolean; disableVat: boolean } | null): { subtotal: number; vat: number; total: number } {
  if (cart.subtotal !== undefined && cart.vat !== undefined && cart.total !== undefined) {
    return { subtotal: kronerToOre(cart.subtotal), vat: kronerToOre(cart.vat), total: kronerToOre(cart.total) };
  }
  const { subtotal, vat, total } = computeTotals(
    cart.lines.map((l) => ({ unitPrice: kronerToOre(l.price), amount: l.amount })),
    vatSettings(club),
  );
  return { subtotal, vat, total };
}
