export { findTagByName, replaceTags, tagsByName } from './repository';
export { tagRoutes } from './routes';
