import {
  useTimeRegistrationFormStateStore,
  useTimeRegistrationFormStore,
  useUserStore,
} from '../../../lib/stores';

const NO_DRAFT: Record<string, string> = {};

/** The signed-in staff member's own register-time draft and editing state. */
export function useTimeRegistrationDraft() {
  const userId = useUserStore((state) => state.user?.id ?? '');
  const values = useTimeRegistrationFormStore((state) => state.drafts[userId]) ?? NO_DRAFT;
  const editingEntryId = useTimeRegistrationFormStateStore((state) => state.editing[userId]) ?? null;
  return {
    values,
    editingEntryId,
    setValues: (next: Record<string, string>) =>
      useTimeRegistrationFormStore.getState().setValues(userId, next),
    setEditing: (entryId: string | null) =>
      useTimeRegistrationFormStateStore.getState().setEditing(userId, entryId),
  };
}
