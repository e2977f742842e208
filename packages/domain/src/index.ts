export * from './capabilities';
export * from './roles';
export * from './short-name';
export * from './totp';
