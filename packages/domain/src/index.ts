export * from './capabilities';
export * from './roles';
export * from './short-name';
