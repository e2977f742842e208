import plansJson from './data/plans.json' with { type: 'json' };

/**
 * A plan's name, alike in every language, or the id when no plan has it. Read from the file without
 * the content's checks (index.ts checks it), so the portal's shell can name a plan without the rest.
 */
export const planName = (id: string) => plansJson.plans.find((plan) => plan.id === id)?.name ?? id;
