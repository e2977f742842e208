export { planJob } from './job';
export {
  endPlanAtMonthEnd,
  openMissingPlanPeriods,
  planPeriodsForMonth,
  schedulePlanChange,
} from './repository';
export { planRoutes } from './routes';
export { changePlanFor, startPlan } from './service';
