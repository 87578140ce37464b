/** Every key the app keeps in local storage starts with the product's code name. */
export const STORAGE_PREFIX = 'vmeste:';

export const storageKeys = {
  token: 'token',
  user: 'user',
  sidebarCollapsed: 'sidebar-collapsed',
  /** Followed by `:<order id>`: the payments started from that order's page in this browser. */
  orderPayments: 'order-payments',
  /** Followed by `:<payment id>`: the payer token of a payment by order link started in this browser. */
  payerToken: 'payer-token',
} as const;

export function readStored<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
}

export function removeStored(key: string): void {
  localStorage.removeItem(STORAGE_PREFIX + key);
}
