export { findUserByEmail, findUserById } from './repository';
export { userRoutes } from './routes';
export { toUserRecord } from './user-record';
