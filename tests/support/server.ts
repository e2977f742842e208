/** The built server on a port and a data directory of its own, shared with the portal screenshots (tools/). */
export * from '@tidewatch/tools/built-server';
