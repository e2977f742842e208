export { findTagByName, replaceServerTags, replaceTags, tagsByName } from './repository';
export { tagRoutes } from './routes';
