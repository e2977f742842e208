import { useEffect, useRef, useState } from 'react';
import { useUserStore } from './stores';

const draftKey = (form: string, userId: string) => `tidewatch:draft:${form}:${userId}`;

/**
 * What a signed-in person typed into a long form, kept in session storage under their id until it is
 * submitted: a reload (or a slip of the finger) keeps it, the next person on the browser never sees it.
 */
export function useFormDraft(form: string) {
  const userId = useUserStore((state) => state.user?.id ?? '');
  const key = draftKey(form, userId);
  const [initial] = useState<Record<string, string>>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  });
  const ref = useRef<HTMLFormElement>(null);
  const save = () => {
    if (!ref.current) return;
    const values = Object.fromEntries(
      [...new FormData(ref.current)].map(([name, value]) => [name, String(value)]),
    );
    sessionStorage.setItem(key, JSON.stringify(values));
  };
  // Pickers that write hidden inputs fire no input event: whatever the form holds is kept as the page goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: save reads the form at the moment it runs
  useEffect(() => {
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [key]);
  return {
    initial,
    formProps: { ref, onInput: save, onChange: save, onBlur: save },
    clear: () => sessionStorage.removeItem(key),
  };
}
