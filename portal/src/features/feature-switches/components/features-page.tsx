import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FeatureDefinition, featureCatalogue } from '@tidewatch/content';
import type { FeatureState, TagItem } from '@tidewatch/contract';
import { Banner, Button, Card, Select, Skeleton, Switch } from '@tidewatch/ui';
import { Info, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { tagsQueryOptions } from '../../../lib/tags';
import { QueryState } from '../../../shared/query-state/query-state';
import { featuresQueryOptions, useSetFeatureSwitch } from '../api/feature-switches';
import * as styles from './features.css';

type SetSwitch = ReturnType<typeof useSetFeatureSwitch>['mutate'];

/** /customer/features: each catalogue feature, switched for all servers and overridden per tag. */
export function FeaturesPage({ customerId, canManage }: { customerId: string; canManage: boolean }) {
  const { t } = useLingui();
  const features = useQuery({
    ...featuresQueryOptions(customerId),
    meta: { errorMessage: t`Could not load features` },
  });
  const tags = useQuery(tagsQueryOptions(customerId));
  const setSwitch = useSetFeatureSwitch(customerId);
  // Until the switches arrive each card shows its placeholders.
  const cards = (states: FeatureState[] | undefined) => (
    <div className={styles.list}>
      {featureCatalogue.map((definition) => (
        <FeatureCard
          key={definition.id}
          definition={definition}
          state={states?.find((feature) => feature.id === definition.id)}
          tags={tags.data ?? []}
          canManage={canManage}
          onSwitch={setSwitch.mutate}
        />
      ))}
    </div>
  );

  return (
    <>
      <p className={styles.intro}>
        <Trans>
          Switch what the management suites do for your servers: for all of them, or differently for a tag. A
          server follows the first of its tags that has its own setting, and otherwise the setting for all.
        </Trans>
      </p>
      {!canManage && (
        <Banner icon={<Info size={20} aria-hidden="true" />}>
          <Trans>You can see these settings; customer managers can change them.</Trans>
        </Banner>
      )}
      <QueryState query={features} failed={t`Could not load the feature switches`} loading={cards(undefined)}>
        {cards}
      </QueryState>
    </>
  );
}

function FeatureCard({
  definition,
  state,
  tags,
  canManage,
  onSwitch,
}: {
  definition: FeatureDefinition;
  state: FeatureState | undefined;
  tags: readonly TagItem[];
  canManage: boolean;
  onSwitch: SetSwitch;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const language = i18n.locale === 'da' ? 'da' : 'en';
  const name = definition.name[language];
  const [newTag, setNewTag] = useState('');
  const free = tags.filter((tag) => !state?.tags.some((entry) => entry.tag === tag.name));

  return (
    <Card title={name}>
      <div className={styles.body}>
        <p className={styles.description}>{definition.description[language]}</p>
        {!state ? (
          <Skeleton height="48px" />
        ) : (
          <>
            <Switch
              label={t`${name} for all servers`}
              description={<Trans>Unless a tag below says otherwise.</Trans>}
              checked={state.enabled_for_all}
              disabled={!canManage}
              onCheckedChange={(enabled) => onSwitch({ feature: definition.id, enabled })}
            />
            {state.tags.length > 0 && (
              <section className={styles.overrides} aria-label={t`${name} by tag`}>
                <h3 className={styles.overridesTitle}>
                  <Trans>By tag</Trans>
                </h3>
                <ul className={styles.overrideList}>
                  {state.tags.map((entry) => (
                    <li key={entry.tag} className={styles.override}>
                      <Switch
                        label={t`${name} for ${entry.tag}`}
                        checked={entry.enabled}
                        disabled={!canManage}
                        onCheckedChange={(enabled) =>
                          onSwitch({ feature: definition.id, tag: entry.tag, enabled })
                        }
                      />
                      {canManage && (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={t`Remove the ${name} setting for ${entry.tag}`}
                          icon={<X size={14} aria-hidden="true" />}
                          onClick={() => onSwitch({ feature: definition.id, tag: entry.tag, enabled: null })}
                        >
                          <Trans>Remove</Trans>
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {canManage && free.length > 0 && (
              <div className={styles.addRow}>
                <div className={styles.addSelect}>
                  <Select
                    label={<Trans>Set differently for a tag</Trans>}
                    value={newTag}
                    onChange={(event) => setNewTag(event.target.value)}
                  >
                    <option value="">{t`Choose a tag`}</option>
                    {free.map((tag) => (
                      <option key={tag.id} value={tag.name}>
                        {tag.name}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button
                  variant="secondary"
                  disabled={newTag === ''}
                  icon={<Plus size={16} aria-hidden="true" />}
                  onClick={() => {
                    // A new override starts as the opposite of the setting for all: otherwise it would change nothing.
                    onSwitch({ feature: definition.id, tag: newTag, enabled: !state.enabled_for_all });
                    setNewTag('');
                  }}
                >
                  <Trans>Add</Trans>
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
