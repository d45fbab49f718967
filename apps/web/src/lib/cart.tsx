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
  /** Totals as computed by the server when known; else computed from lines and the club's VAT settings. */
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

/**
 * Cart totals with the club's VAT settings (DESIGN.md: pricesWithVat → net = gross × 0.8 at 25 %;
 * disableVat → no VAT). Server totals win when present.
 */
export function cartTotals(cart: Cart, club: { vatRate: number | string; pricesWithVat: boolean; disableVat: boolean } | null) {
  const gross = cart.lines.reduce((s, l) => s + l.price * l.amount, 0);
  if (cart.subtotal !== undefined && cart.vat !== undefined && cart.total !== undefined) {
    return { subtotal: cart.subtotal, vat: cart.vat, total: cart.total };
  }
  const rate = club && !club.disableVat ? Number(club.vatRate) / 100 : 0;
  if (club?.pricesWithVat) {
    const subtotal = round2(gross / (1 + rate));
    return { subtotal, vat: round2(gross - subtotal), total: round2(gross) };
  }
  const vat = round2(gross * rate);
  return { subtotal: round2(gross), vat, total: round2(gross + vat) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export const formatDKK = (n: number) => new Intl.NumberFormat('da-DK', { style: 'currency', currency: 'DKK' }).format(n);
