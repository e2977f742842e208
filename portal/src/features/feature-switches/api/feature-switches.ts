import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureState } from '@tidewatch/contract';
import { api } from '../../../lib/api';

export const featureKeys = { list: (customerId: string) => ['features', customerId] as const };

export const featuresQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: featureKeys.list(customerId),
    queryFn: ({ signal }) =>
      api.features.list({ params: { customer_id: customerId }, signal }).then((answer) => answer.data),
  });

/** One switch: for all servers (no tag), or a tag's override (`enabled: null` removes it). */
export interface FeatureSwitchChange {
  feature: string;
  tag?: string;
  enabled: boolean | null;
}

/** The feature list as it will be once `change` is saved. */
export function applySwitch(features: readonly FeatureState[], change: FeatureSwitchChange): FeatureState[] {
  return features.map((feature) => {
    if (feature.id !== change.feature) return feature;
    if (change.tag === undefined) return { ...feature, enabled_for_all: change.enabled ?? false };
    const others = feature.tags.filter((entry) => entry.tag !== change.tag);
    if (change.enabled === null) return { ...feature, tags: others };
    const existing = feature.tags.some((entry) => entry.tag === change.tag);
    const tags = existing
      ? feature.tags.map((entry) =>
          entry.tag === change.tag ? { ...entry, enabled: change.enabled as boolean } : entry,
        )
      : [...others, { tag: change.tag, enabled: change.enabled }];
    return { ...feature, tags };
  });
}

/** Flips a switch at once on screen; if the server refuses, it flips back and says so. */
export function useSetFeatureSwitch(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = featureKeys.list(customerId);
  return useMutation({
    meta: { errorMessage: t`The switch could not be saved and was put back` },
    mutationFn: ({ feature, tag, enabled }: FeatureSwitchChange) =>
      api.features.set({ params: { customer_id: customerId, feature_id: feature }, body: { tag, enabled } }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FeatureState[]>(key);
      if (previous) queryClient.setQueryData(key, applySwitch(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<FeatureState[]>(key, (features) =>
        features?.map((feature) => (feature.id === saved.id ? saved : feature)),
      ),
  });
}
