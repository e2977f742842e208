import { useEffect, useState } from 'react';

/** How long typing pauses before a search box's text goes into the address. */
const SEARCH_DELAY_MS = 300;

/**
 * A search box bound to the address: what is typed shows at once and is written to the URL when
 * typing pauses; the URL wins when it changes from elsewhere (back, a cleared filter).
 */
export function useUrlSearchText(inUrl: string | undefined, commit: (q: string | undefined) => void) {
  const [text, setText] = useState(inUrl ?? '');
  useEffect(() => setText(inUrl ?? ''), [inUrl]);
  useEffect(() => {
    if (text.trim() === (inUrl ?? '')) return;
    const timer = setTimeout(() => commit(text.trim() || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, inUrl, commit]);
  return [text, setText] as const;
}
