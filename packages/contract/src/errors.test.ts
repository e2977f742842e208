import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiErrorBody, isApiErrorBody } from './errors';

const bodyLike = fc.oneof(
  fc.anything(),
  fc.record(
    { error: fc.anything(), message: fc.anything(), fieldErrors: fc.anything() },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      error: fc.string(),
      message: fc.string(),
      fieldErrors: fc.dictionary(fc.string(), fc.oneof(fc.array(fc.string()), fc.anything())),
      messageId: fc.oneof(fc.string(), fc.anything()),
      values: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double(), fc.anything())),
      fieldMessages: fc.oneof(
        fc.anything(),
        fc.dictionary(
          fc.string(),
          fc.oneof(
            fc.anything(),
            fc.array(
              fc.oneof(
                fc.anything(),
                fc.record(
                  {
                    messageId: fc.oneof(fc.string(), fc.anything()),
                    values: fc.oneof(
                      fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double())),
                      fc.anything(),
                    ),
                  },
                  { requiredKeys: [] },
                ),
              ),
            ),
          ),
        ),
      ),
    },
    { requiredKeys: ['error', 'message'] },
  ),
);

describe('isApiErrorBody', () => {
  it('accepts exactly what the ApiErrorBody schema accepts', () => {
    fc.assert(
      fc.property(bodyLike, (value) => {
        expect(isApiErrorBody(value)).toBe(ApiErrorBody.safeParse(value).success);
      }),
      {
        // Found by this property once: zod skips a `__proto__` key and refuses non-plain objects.
        examples: [
          [JSON.parse('{"error":"","message":"","fieldErrors":{"__proto__":[false]}}')],
          [{ error: '', message: '', fieldErrors: new Date(0) }],
          [JSON.parse('{"error":"","message":"","values":{"__proto__":false}}')],
        ],
      },
    );
  });
});
