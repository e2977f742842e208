export { endSessionsOf, expireLinksOf, findUserByEmail, findUserById, updateUser } from './repository';
export { userRoutes } from './routes';
export { toUserRecord } from './user-record';
