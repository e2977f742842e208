import type { ReactNode } from 'react';
import { useEffect } from 'react';
import * as styles from './page.css';

/** A page's heading, also given to the browser tab. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Tidewatch`;
  }, [title]);
  return (
    <>
      <h1 className={styles.pageTitle}>{title}</h1>
      {children}
    </>
  );
}
