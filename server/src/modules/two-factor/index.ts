export { twoFactorRequiredFor } from './policy';
export { type SecondFactors, secondFactorsOf } from './repository';
export { twoFactorRoutes } from './routes';
