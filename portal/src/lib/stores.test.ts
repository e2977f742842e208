import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  resetLocalStorage,
  STORAGE_KEYS,
  signOutLocally,
  toClientUser,
  useAdminStore,
  useAuthStore,
  useCeilingStore,
  useNotificationStore,
  useTimeRegistrationFormStateStore,
  useTimeRegistrationFormStore,
  useUserStore,
  waitForHydration,
} from './stores';

const record = {
  'user/id': '8946fb25-04de-409a-b2e8-bf413af3a5ac',
  'user/email': 'approver@tidewatch.example',
  'user/name': 'Bjørn Madsen',
  'user/roles': ['admin', 'approver'],
  'user/consulting-level': 3,
  'customer/id': 'tidewatchmon',
};

beforeEach(() => {
  localStorage.clear();
  signOutLocally();
  useNotificationStore.setState({ items: [], ceilingNoticeDismissedFor: null });
});

describe('the user slice', () => {
  it('holds the fields and derived flags of spec section 3', () => {
    expect(toClientUser(record)).toEqual({
      id: record['user/id'],
      email: record['user/email'],
      roles: ['admin', 'approver'],
      customerId: 'tidewatchmon',
      username: 'Bjørn Madsen',
      consultingLevel: 3,
      isMaster: false,
      isApprover: true,
      isAdmin: true,
      isCustomerManager: false,
      isAdminOrCustomerManager: true,
      isSecurityOfficer: false,
      isTimeRegReader: false,
      isTam: false,
      isFinance: false,
      isRegularAdmin: false,
    });
  });

  it('flattens roles sent as lists of lists', () => {
    const nested = { ...record, 'user/roles': [['admin'], ['tam']] as unknown as string[] };
    expect(toClientUser(nested).roles).toEqual(['admin', 'tam']);
    expect(toClientUser(nested).isTam).toBe(true);
  });
});

describe('notifications', () => {
  it('never hold two items with the same id', () => {
    const { add } = useNotificationStore.getState();
    add({ id: 'ceiling-2026-11', title: 'Expense ceiling reached' });
    add({ id: 'ceiling-2026-11', title: 'Expense ceiling reached again' });
    add({ id: 'window-42', title: 'Service window opens' });
    expect(useNotificationStore.getState().items.map((item) => item.id)).toEqual([
      'ceiling-2026-11',
      'window-42',
    ]);
  });

  it('remember for which month the ceiling notice was dismissed, across reloads', () => {
    useNotificationStore.getState().dismissCeilingNotice('2026-11');
    expect(
      JSON.parse(localStorage.getItem(STORAGE_KEYS.notification) ?? '{}').state.ceilingNoticeDismissedFor,
    ).toBe('2026-11');
  });
});

describe('the ceiling slice', () => {
  it('starts at 0', () => {
    expect(useCeilingStore.getState().expenseCeilingReached).toBe(0);
  });
});

describe('admin state', () => {
  it('maps customer ids to names and to short names', () => {
    useAdminStore.getState().setCustomers([
      { id: 'acmecorp', company_name: 'Acme Corp' },
      { id: 'n42', company_name: '42 Networks' },
    ]);
    const { customerNames, shortNames } = useAdminStore.getState();
    expect(customerNames).toEqual({ acmecorp: 'Acme Corp', n42: '42 Networks' });
    expect(shortNames).toEqual({ acmecorp: 'AC', n42: '42' });
  });
});

describe('a local-storage reset', () => {
  it('keeps only the notifications and the time-registration form and its state', () => {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.setItem(key, '{}');
    localStorage.setItem('something-else', '1');
    resetLocalStorage();
    expect(Object.keys(localStorage).sort()).toEqual(
      [
        STORAGE_KEYS.notification,
        STORAGE_KEYS.timeRegistrationForm,
        STORAGE_KEYS.timeRegistrationFormState,
      ].sort(),
    );
  });

  it('comes with signing out, which also resets the slices in memory', () => {
    useAuthStore.getState().setLoggedIn(true);
    useUserStore.getState().setUser(toClientUser(record));
    signOutLocally();
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe('the time-registration draft', () => {
  it('is kept per staff member, through signing out', () => {
    useTimeRegistrationFormStore.getState().setValues('camilla', { description: 'VPN notes' });
    useTimeRegistrationFormStateStore.getState().setEditing('camilla', 'entry-1');
    signOutLocally();
    const { drafts } = useTimeRegistrationFormStore.getState();
    expect(drafts.camilla).toEqual({ description: 'VPN notes' });
    expect(drafts.bjorn).toBeUndefined();
    expect(useTimeRegistrationFormStateStore.getState().editing).toEqual({ camilla: 'entry-1' });
  });
});

describe('rehydration', () => {
  it('does not wait when every slice has rehydrated (local storage is synchronous)', async () => {
    vi.useFakeTimers();
    const done = vi.fn();
    void waitForHydration(5000).then(done);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();
    vi.useRealTimers();
  });
});
