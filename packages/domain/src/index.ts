export * from './capabilities';
export * from './customers';
export * from './roles';
export * from './short-name';
export * from './totp';
