import { customType } from 'drizzle-orm/pg-core';

/** Binary data (`bytea`), read back as a Buffer whichever driver (pg or PGlite) is in use. */
export const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
