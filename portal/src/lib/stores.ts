import { customerShortName, type RoleFlags, roleFlags } from '@tidewatch/domain';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** localStorage keys of the persisted slices (spec section 3). */
export const STORAGE_KEYS = {
  auth: 'tidewatch:auth',
  user: 'tidewatch:user',
  impersonate: 'tidewatch:impersonate',
  customer: 'tidewatch:customer',
  admin: 'tidewatch:admin',
  notification: 'tidewatch:notification',
  ceiling: 'tidewatch:ceiling',
  timeRegistrationForm: 'tidewatch:time-registration-form',
  timeRegistrationFormState: 'tidewatch:time-registration-form-state',
  refreshToken: 'refresh_token',
} as const;

/** What survives a local-storage reset (spec section 9). */
const KEPT_ON_RESET: readonly string[] = [
  STORAGE_KEYS.notification,
  STORAGE_KEYS.timeRegistrationForm,
  STORAGE_KEYS.timeRegistrationFormState,
];

const storage = createJSONStorage(() => localStorage);

export const useAuthStore = create<{ isLoggedIn: boolean; setLoggedIn(value: boolean): void }>()(
  persist((set) => ({ isLoggedIn: false, setLoggedIn: (isLoggedIn) => set({ isLoggedIn }) }), {
    name: STORAGE_KEYS.auth,
    storage,
  }),
);

export interface ClientUser extends RoleFlags {
  id: string;
  email: string;
  roles: string[];
  customerId: string;
  username: string;
  consultingLevel: number | null;
}

export const useUserStore = create<{ user: ClientUser | null; setUser(user: ClientUser | null): void }>()(
  persist((set) => ({ user: null, setUser: (user) => set({ user }) }), { name: STORAGE_KEYS.user, storage }),
);

export const useImpersonateStore = create<{
  isImpersonating: boolean;
  setImpersonating(value: boolean): void;
}>()(
  persist(
    (set) => ({ isImpersonating: false, setImpersonating: (isImpersonating) => set({ isImpersonating }) }),
    {
      name: STORAGE_KEYS.impersonate,
      storage,
    },
  ),
);

export const useCustomerStore = create<{
  customer: { company_name: string } | null;
  setCustomer(customer: { company_name: string } | null): void;
}>()(
  persist((set) => ({ customer: null, setCustomer: (customer) => set({ customer }) }), {
    name: STORAGE_KEYS.customer,
    storage,
  }),
);

interface AdminState {
  /** The customer staff are looking at. */
  currentCustomerId: string | null;
  customerNames: Record<string, string>;
  shortNames: Record<string, string>;
  setCurrentCustomer(id: string | null): void;
  setCustomers(customers: { id: string; company_name: string }[]): void;
}

export const useAdminStore = create<AdminState>()(
  persist(
    (set) => ({
      currentCustomerId: null,
      customerNames: {},
      shortNames: {},
      setCurrentCustomer: (currentCustomerId) => set({ currentCustomerId }),
      setCustomers: (customers) =>
        set({
          customerNames: Object.fromEntries(
            customers.map((customer) => [customer.id, customer.company_name]),
          ),
          shortNames: Object.fromEntries(
            customers.map((customer) => [customer.id, customerShortName(customer.company_name)]),
          ),
        }),
    }),
    { name: STORAGE_KEYS.admin, storage },
  ),
);

export interface Notification {
  id: string;
  title: string;
  message?: string;
}

interface NotificationState {
  items: Notification[];
  /** The month (YYYY-MM) the expense-ceiling notice was dismissed for. */
  ceilingNoticeDismissedFor: string | null;
  add(item: Notification): void;
  remove(id: string): void;
  dismissCeilingNotice(month: string): void;
}

export const useNotificationStore = create<NotificationState>()(
  persist(
    (set) => ({
      items: [],
      ceilingNoticeDismissedFor: null,
      // An id already in the list is not added twice.
      add: (item) =>
        set((state) =>
          state.items.some((existing) => existing.id === item.id) ? state : { items: [...state.items, item] },
        ),
      remove: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
      dismissCeilingNotice: (month) => set({ ceilingNoticeDismissedFor: month }),
    }),
    { name: STORAGE_KEYS.notification, storage },
  ),
);

export const useCeilingStore = create<{
  expenseCeilingReached: number;
  setExpenseCeilingReached(value: number): void;
}>()(
  persist(
    (set) => ({
      expenseCeilingReached: 0,
      setExpenseCeilingReached: (expenseCeilingReached) => set({ expenseCeilingReached }),
    }),
    {
      name: STORAGE_KEYS.ceiling,
      storage,
    },
  ),
);

/**
 * The register-time form's fields as each staff member typed them, by user id: kept across reloads
 * and local-storage resets (spec section 9), never shown to the next person on the same browser.
 */
export const useTimeRegistrationFormStore = create<{
  drafts: Record<string, Record<string, string>>;
  setValues(userId: string, values: Record<string, string>): void;
}>()(
  persist(
    (set) => ({
      drafts: {},
      setValues: (userId, values) => set((state) => ({ drafts: { ...state.drafts, [userId]: values } })),
    }),
    // Drafts kept before they were per person have no owner: they are dropped.
    { name: STORAGE_KEYS.timeRegistrationForm, storage, version: 1, migrate: () => ({ drafts: {} }) },
  ),
);

/** Where each staff member's register-time form is: a new entry, or an existing one being changed. */
export const useTimeRegistrationFormStateStore = create<{
  editing: Record<string, string | null>;
  setEditing(userId: string, entryId: string | null): void;
}>()(
  persist(
    (set) => ({
      editing: {},
      setEditing: (userId, entryId) => set((state) => ({ editing: { ...state.editing, [userId]: entryId } })),
    }),
    { name: STORAGE_KEYS.timeRegistrationFormState, storage, version: 1, migrate: () => ({ editing: {} }) },
  ),
);

type PersistedStore = UseBoundStore<StoreApi<unknown>> & {
  persist: { hasHydrated(): boolean; onFinishHydration(listener: () => void): () => void };
};

const PERSISTED_STORES = [
  useAuthStore,
  useUserStore,
  useImpersonateStore,
  useCustomerStore,
  useAdminStore,
  useNotificationStore,
  useCeilingStore,
  useTimeRegistrationFormStore,
  useTimeRegistrationFormStateStore,
] as unknown as PersistedStore[];

/** Resolves once every persisted slice has rehydrated, or after the time-out (spec: 5000 ms), whichever is first. */
export function waitForHydration(timeoutMs = 5000): Promise<void> {
  const pending = PERSISTED_STORES.filter((store) => !store.persist.hasHydrated());
  if (pending.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    let left = pending.length;
    for (const store of pending) {
      const unsubscribe = store.persist.onFinishHydration(() => {
        unsubscribe();
        left -= 1;
        if (left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
}

/** Forgets the signed-in user: every session slice back to its start. */
export function clearSessionState(): void {
  useAuthStore.setState({ isLoggedIn: false });
  useUserStore.setState({ user: null });
  useImpersonateStore.setState({ isImpersonating: false });
  useCustomerStore.setState({ customer: null });
  useAdminStore.setState({ currentCustomerId: null, customerNames: {}, shortNames: {} });
  useCeilingStore.setState({ expenseCeilingReached: 0 });
}

/** A local-storage reset: everything goes but the notifications and the time-registration form. */
export function resetLocalStorage(storageArea: Storage = localStorage): void {
  const keys = Array.from({ length: storageArea.length }, (_, index) => storageArea.key(index)).filter(
    (key): key is string => key !== null && !KEPT_ON_RESET.includes(key),
  );
  for (const key of keys) storageArea.removeItem(key);
}

/** What every way of ending a session does in the browser: the slices reset, then local storage (spec sections 4 and 9). */
export function signOutLocally(): void {
  clearSessionState();
  resetLocalStorage();
}

export function toClientUser(user: {
  'user/id': string;
  'user/email': string;
  'user/name': string;
  'user/roles': string[];
  'user/consulting-level': number | null;
  'customer/id': string;
}): ClientUser {
  // The server may send roles as nested lists (spec section 3); they are flattened here.
  const roles = (user['user/roles'] as unknown[]).flat() as string[];
  return {
    id: user['user/id'],
    email: user['user/email'],
    roles,
    customerId: user['customer/id'],
    username: user['user/name'],
    consultingLevel: user['user/consulting-level'],
    ...roleFlags(roles as never),
  };
}
