export * from './audit-log';
export * from './customers';
export * from './products';
export * from './rate-limits';
export * from './sessions';
export * from './users';
