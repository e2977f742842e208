import { msg } from '@lingui/core/macro';
import type { TagItem } from '@tidewatch/contract';

/** What each kind of tag is called (spec: team, update group, plain). */
export const TAG_TYPE_LABELS = {
  team: msg`Team`,
  update_group: msg`Update group`,
  plain: msg`Plain tag`,
} as const satisfies Record<TagItem['type'], unknown>;
