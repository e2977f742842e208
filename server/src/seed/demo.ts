import { brand, consultationRates, plans } from '@tidewatch/content';
import { type Role, trialReminderFrom } from '@tidewatch/domain';
import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers, products, tags, users } from '../db/schema';
import { hashPassword } from '../modules/auth';
import { settleCeilingAlerts } from '../modules/invoices';
import { seedActivity } from './activity';
import { seedApiTokens } from './api-tokens';
import { seedChat } from './chat';
import { seedInfrastructure } from './infrastructure';
import { seedInvoices } from './invoices';
import { seedPeople } from './people';
import { seedPlans } from './plans';
import { seedServiceReports } from './service-reports';
import { seedServiceWindows } from './service-windows';
import { seedSso } from './sso';
import { seedStaffLocations } from './staff-locations';
import { seedTimeRegistration } from './time-registration';
import { seedWebhooks } from './webhooks';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'tidewatch-demo';

interface DemoUser {
  email: string;
  name: string;
  customerId: string;
  roles: Role[];
  consultingLevel?: number;
  language?: 'en' | 'da';
}

const admin = brand.adminCustomer.id;

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@tidewatch.example',
    name: 'Astrid Holm',
    customerId: admin,
    roles: ['admin'],
    consultingLevel: 3,
  },
  {
    email: 'approver@tidewatch.example',
    name: 'Bjørn Madsen',
    customerId: admin,
    roles: ['admin', 'approver'],
    consultingLevel: 3,
    language: 'da',
  },
  {
    email: 'tam@tidewatch.example',
    name: 'Camilla Berg',
    customerId: admin,
    roles: ['admin', 'tam'],
    consultingLevel: 2,
  },
  { email: 'finance@tidewatch.example', name: 'David Lund', customerId: admin, roles: ['finance'] },
  {
    email: 'master@tidewatch.example',
    name: 'Jonas Friis',
    customerId: admin,
    roles: ['admin', 'master'],
    consultingLevel: 3,
  },
  {
    email: 'reader@tidewatch.example',
    name: 'Karen Juhl',
    customerId: admin,
    roles: ['admin', 'time_reg_reader'],
    consultingLevel: 1,
  },
  {
    email: 'security@tidewatch.example',
    name: 'Eva Nygaard',
    customerId: admin,
    roles: ['security_officer'],
  },
  {
    email: 'manager@acme.example',
    name: 'Frank Miller',
    customerId: 'acmecorp',
    roles: ['customer_manager'],
  },
  { email: 'user@acme.example', name: 'Grace Hopper', customerId: 'acmecorp', roles: [] },
  {
    email: 'manager@globex.example',
    name: 'Hank Scorpio',
    customerId: 'globexco',
    roles: ['customer_manager'],
  },
];

const DEMO_CUSTOMERS: (typeof customers.$inferInsert)[] = [
  {
    id: admin,
    companyName: brand.adminCustomer.name,
    billingCountry: 'DK',
    timezone: 'Europe/Copenhagen',
  },
  {
    id: 'acmecorp',
    companyName: 'Acme Corp',
    alertEmail: 'alerts@acme.example',
    attName: 'Frank Miller',
    attEmail: 'manager@acme.example',
    billingAddress: 'Havnegade 12, 1058 København K',
    billingCountry: 'DK',
    billingEmail: 'invoices@acme.example',
    billingLanguage: 'da',
    creditDays: 14,
    invoiceDayOfMonth: 1,
    serialNum: 1,
    timezone: 'Europe/Copenhagen',
    vatId: 'DK12345678',
    vatRate: 25,
    expenseCeilingEur: 2500,
    plan: 'silver',
  },
  {
    id: 'globexco',
    companyName: 'Globex',
    alertEmail: 'oncall@globex.example',
    attName: 'Hank Scorpio',
    attEmail: 'manager@globex.example',
    billingAddress: 'Friedrichstraße 100, 10117 Berlin',
    billingCountry: 'DE',
    billingEmail: 'ap@globex.example',
    billingEmailCc: 'controller@globex.example',
    creditDays: 30,
    invoiceDayOfMonth: 5,
    serialNum: 1,
    timezone: 'Europe/Berlin',
    vatId: 'DE123456789',
    vatRate: 0,
  },
];

const DEMO_TAGS: (typeof tags.$inferInsert)[] = [
  { customerId: 'acmecorp', name: 'Platform', type: 'team', timezone: 'Europe/Copenhagen' },
  { customerId: 'acmecorp', name: 'Data Engineering', type: 'team', timezone: 'Europe/London' },
  { customerId: 'acmecorp', name: 'weekly-patching', type: 'update_group', timezone: 'Europe/Copenhagen' },
  { customerId: 'acmecorp', name: 'production', type: 'plain' },
  { customerId: 'globexco', name: 'Operations', type: 'team', timezone: 'Europe/Berlin' },
];

/** Subscriptions per server and per node for every plan, and hourly consultation per level. */
export function catalogueProducts(): (typeof products.$inferInsert)[] {
  const subscriptions = plans.plans.flatMap((plan) =>
    (['server', 'node'] as const).map((unit) => ({
      id: `${plan.id}-per-${unit}`,
      name: `${plan.name} subscription per ${unit}`,
      unit,
      subscription: true,
      priceEur: plan.pricePerUnitMonth,
    })),
  );
  const onsiteFactor = 1 + consultationRates.onsiteSurchargePercent / 100;
  const consultation = consultationRates.levels.flatMap((level) =>
    (['remote', 'onsite'] as const).map((location) => ({
      id: `consultation-level-${level.level}-${location}`,
      name: `Consultation level ${level.level} (${location})`,
      unit: 'hours' as const,
      subscription: false,
      level: level.level,
      location,
      priceEur: location === 'remote' ? level.remoteHourly : Math.round(level.remoteHourly * onsiteFactor),
    })),
  );
  return [...subscriptions, ...consultation];
}

/**
 * Seeds the demo on an empty database; returns false when there was data already. With
 * `sealWebhookSecret` (the server's secret box), Acme gets a webhook endpoint with deliveries; with
 * `sealSsoSecret`, Globex signs in through the demo's identity provider.
 */
export async function seedDemo(
  db: Database,
  now = new Date(),
  sealWebhookSecret?: (secret: string) => string,
  sealSsoSecret?: (secret: string) => string,
): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(customers);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    // Globex is 25 days into a Basic trial it signed up for from the Gold plan's button: its last
    // week, which the portal recalls.
    const trialEndsAt = new Date(now.getTime() + 5 * 86_400_000);
    // Customers since their servers came (Globex since its trial began): last month has a report.
    const since = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await tx.insert(customers).values(
      DEMO_CUSTOMERS.map((customer) =>
        customer.id === 'globexco'
          ? {
              ...customer,
              createdAt: since(25),
              trialPlan: 'basic' as const,
              trialEndsAt,
              // Mailed when the last week began, so a fresh start sends nothing on its own.
              trialRemindedAt: trialReminderFrom(trialEndsAt),
              convertsToPlan: 'gold' as const,
            }
          : { ...customer, createdAt: since(200) },
      ),
    );
    const people = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((user, index) => ({
          email: user.email,
          name: user.name,
          customerId: user.customerId,
          roles: user.roles,
          consultingLevel: user.consultingLevel ?? null,
          language: user.language ?? 'en',
          passwordHash: passwordHashes[index] ?? null,
        })),
      )
      .returning({
        id: users.id,
        email: users.email,
        roles: users.roles,
        consultingLevel: users.consultingLevel,
      });
    await tx.insert(products).values(catalogueProducts());
    await tx.insert(tags).values(DEMO_TAGS);
    await seedInfrastructure(tx, now);
    await seedPlans(tx, now);
    await seedActivity(tx, people, now);
    await seedStaffLocations(tx, now);
    const approver = people.find((person) => person.roles.includes('approver'));
    if (!approver) throw new Error('the demo needs an approver');
    const timeKeepers = people.filter((person) => person.roles.includes('admin'));
    await seedTimeRegistration(tx, timeKeepers, approver.id, now);
    await seedServiceWindows(tx, now);
    await seedServiceReports(tx, now);
    await seedPeople(tx, now, passwordHashes[0] ?? null);
    await seedChat(tx, now);
    await seedInvoices(tx, now);
    if (sealWebhookSecret) await seedWebhooks(tx, now, sealWebhookSecret);
    await seedApiTokens(tx, now);
    if (sealSsoSecret) await seedSso(tx, now, sealSsoSecret);
  });
  await settleCeilingAlerts(db, now);
  return true;
}
