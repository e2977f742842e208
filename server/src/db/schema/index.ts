export * from './audit-log';
export * from './customers';
export * from './error-reports';
export * from './products';
export * from './rate-limits';
export * from './recovery-codes';
export * from './sessions';
export * from './users';
