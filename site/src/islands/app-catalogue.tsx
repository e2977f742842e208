import catalogs from 'virtual:island-catalogs';
import { plural } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type CatalogueFilter,
  filterFromSearch,
  filterToSearch,
  foldText,
  isFiltering,
  matchesFilter,
  NO_FILTER,
} from '@tidewatch/domain';
import { islandI18n } from '@tidewatch/i18n/static';
import { Button, TextInput } from '@tidewatch/ui';
import { Search, SearchX } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { BrandLogo } from '../components/BrandLogo';
import * as styles from '../components/features/features.css';

export interface CatalogueApp {
  key: string;
  tech: string;
  /** The category's slug. */
  category: string;
  description: string;
  /** Its logo's id in the sprite, when it has one. */
  logo?: string | undefined;
}

interface Props {
  locale: 'en' | 'da';
  apps: CatalogueApp[];
  categories: { slug: string; label: string }[];
  contactHref: string;
}

/**
 * The supported-app list with its search and category filter. The whole list is rendered at build
 * time; the applied filter lives in the address (?q=…&category=…), so a filtered view can be shared,
 * survives a reload and follows back and forward.
 */
function Catalogue({ apps, categories, contactHref }: Omit<Props, 'locale'>) {
  const { t } = useLingui();
  const id = useId();
  const searchId = `${id}-q`;
  // The build renders the unfiltered list; the address is read once the page runs.
  const [applied, setApplied] = useState<CatalogueFilter>(NO_FILTER);
  const [draft, setDraft] = useState<CatalogueFilter>(NO_FILTER);

  useEffect(() => {
    const slugs = categories.map((category) => category.slug);
    const followAddress = () => {
      const filter = filterFromSearch(window.location.search, slugs);
      setApplied(filter);
      setDraft(filter);
    };
    followAddress();
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, [categories]);

  const labelOf = useMemo(
    () => new Map(categories.map((category) => [category.slug, category.label])),
    [categories],
  );
  const searchable = useMemo(
    () =>
      apps.map((app) => ({
        app,
        text: foldText(`${app.tech} ${app.description} ${labelOf.get(app.category) ?? ''}`),
      })),
    [apps, labelOf],
  );
  const shown = searchable
    .filter((entry) => matchesFilter({ category: entry.app.category, text: entry.text }, applied))
    .map((entry) => entry.app);

  function apply(filter: CatalogueFilter) {
    const next = { query: filter.query.trim(), category: filter.category };
    const address = `${window.location.pathname}${filterToSearch(next)}`;
    if (address !== `${window.location.pathname}${window.location.search}`) {
      window.history.pushState(null, '', address);
    }
    setApplied(next);
    setDraft(next);
  }

  function clearAll() {
    apply(NO_FILTER);
    // The button pressed may be gone with the Nothing Found panel: keep focus on the form.
    document.getElementById(searchId)?.focus();
  }

  const total = apps.length;
  const query = applied.query;
  const categoryLabel = labelOf.get(applied.category) ?? '';

  return (
    <>
      <search aria-label={t`Filter supported apps`}>
        <form
          className={styles.filters}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            apply(draft);
          }}
        >
          <div className={styles.search}>
            <TextInput
              id={searchId}
              label={<Trans>Search apps</Trans>}
              type="search"
              name="q"
              enterKeyHint="search"
              autoComplete="off"
              prefix={<Search size={18} aria-hidden="true" />}
              value={draft.query}
              onChange={(event) => setDraft({ ...draft, query: event.target.value })}
            />
          </div>
          <fieldset className={styles.categories}>
            <legend className={styles.legend}>
              <Trans>Category</Trans>
            </legend>
            <div className={styles.chips}>
              {[{ slug: '', label: t`All Apps` }, ...categories].map((category) => (
                <span key={category.slug} className={styles.chipSlot}>
                  <input
                    className={styles.chipInput}
                    type="radio"
                    name="category"
                    id={`${id}-${category.slug || 'all'}`}
                    value={category.slug}
                    checked={draft.category === category.slug}
                    onChange={() => setDraft({ ...draft, category: category.slug })}
                  />
                  <label className={styles.chip} htmlFor={`${id}-${category.slug || 'all'}`}>
                    {category.label}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit">
              <Trans>Apply</Trans>
            </Button>
            <Button type="button" variant="secondary" onClick={clearAll}>
              <Trans>Clear All</Trans>
            </Button>
          </div>
        </form>
      </search>

      <p className={styles.count} role="status">
        {isFiltering(applied)
          ? t`Showing ${shown.length} of ${total} apps`
          : t({ message: plural(total, { one: '# app', other: '# apps' }) })}
      </p>

      {shown.length > 0 ? (
        <ul className={styles.grid}>
          {shown.map((app) => (
            <li key={app.key}>
              <article className={styles.card}>
                <h3 className={styles.cardTitle}>
                  {app.logo && <BrandLogo slug={app.logo} className={styles.logo} />}
                  {app.tech}
                </h3>
                <span className={styles.category}>{labelOf.get(app.category)}</span>
                <p className={styles.description}>{app.description}</p>
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.nothingFound}>
          <SearchX size={40} aria-hidden="true" />
          <h3 className={styles.nothingFoundTitle}>
            <Trans>Nothing Found</Trans>
          </h3>
          <p className={styles.nothingFoundText}>
            {query && applied.category
              ? t`No app in ${categoryLabel} matches “${query}”.`
              : t`No app matches “${query}”.`}{' '}
            <Trans>Check the spelling, try a shorter word, or look through all apps.</Trans>
          </p>
          <div className={styles.actions}>
            <Button type="button" onClick={clearAll}>
              <Trans>Show all apps</Trans>
            </Button>
            <a href={contactHref}>
              <Trans>Ask us about your app</Trans>
            </a>
          </div>
        </div>
      )}
    </>
  );
}

export default function AppCatalogue({ locale, ...props }: Props) {
  return (
    <I18nProvider i18n={islandI18n(locale, catalogs)}>
      <Catalogue {...props} />
    </I18nProvider>
  );
}
