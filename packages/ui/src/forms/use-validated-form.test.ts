import { describe, expect, it } from 'vitest';
import { formFieldName } from './use-validated-form';

describe('formFieldName', () => {
  it('writes list items of a server path in brackets, as the form names its fields', () => {
    expect(formFieldName('groups.0.tag_id')).toBe('groups[0].tag_id');
    expect(formFieldName('node_groups.12.min')).toBe('node_groups[12].min');
    expect(formFieldName('groups.3')).toBe('groups[3]');
  });

  it('leaves plain field names as they are', () => {
    expect(formFieldName('customer_ceiling_eur')).toBe('customer_ceiling_eur');
    expect(formFieldName('address.line1')).toBe('address.line1');
  });
});
