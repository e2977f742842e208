import { WEBHOOK_EVENTS } from '@tidewatch/contract';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_GROUPS, webhookEventLabel } from './event-labels';

describe('the webhook form’s event groups', () => {
  it('offer every event the contract knows, each once', () => {
    const offered = WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events);
    expect([...offered].sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it('name a delivered event the page does not know by its type', () => {
    expect(webhookEventLabel('something.new')).toBe('something.new');
    expect(webhookEventLabel('webhook.test')).not.toBe('webhook.test');
  });
});
