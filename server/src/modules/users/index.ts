export {
  endSessionsOf,
  expireLinksOf,
  findUserByEmail,
  findUserById,
  managersOf,
  updateUser,
} from './repository';
export { userRoutes } from './routes';
export { toUserRecord } from './user-record';
