export { retentionJob } from './retention';
