import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CountKind } from '@tidewatch/contract';
import { type Capability, can, type RoleFlags } from '@tidewatch/domain';
import {
  BookUser,
  Building2,
  CalendarClock,
  Clock,
  Cpu,
  FileChartColumn,
  FileText,
  History,
  Key,
  type LucideIcon,
  Map as MapIcon,
  MessagesSquare,
  Puzzle,
  Server,
  ServerCog,
  Settings,
  Tags,
  UserCog,
  Users,
  UsersRound,
  Webhook,
} from 'lucide-react';

export interface NavItem {
  /** A message to translate, or a name that is data (a team's). */
  label: MessageDescriptor | string;
  to: string;
  icon?: LucideIcon;
  count?: CountKind;
  /** Shown only to those who have it; the server refuses the data to the rest anyway. */
  capability?: Capability;
  children?: NavItem[];
}

/** The Teams item, whose sub-items are the customer's teams. */
export const TEAMS_PATH = '/customer/teams';

/** The sidebar of spec section 2: everyone's items, then the staff items each role may use, then settings. */
export const NAV_ITEMS: NavItem[] = [
  {
    label: msg`Servers`,
    to: '/user/servers',
    icon: Server,
    count: 'server',
    children: [{ label: msg`Operating System`, to: '/user/servers/os' }],
  },
  { label: msg`Clusters`, to: '/user/clusters', icon: Cpu, count: 'cluster' },
  { label: msg`Tags`, to: '/customer/tags', icon: Tags, count: 'tag' },
  { label: msg`Features`, to: '/customer/features', icon: Puzzle },
  {
    label: msg`Service Window`,
    to: '/customer/service-window',
    icon: CalendarClock,
    children: [
      { label: msg`Bookings`, to: '/customer/service-window/bookings', count: 'open_service_window' },
      {
        label: msg`Exemptions`,
        to: '/customer/service-window/exemptions',
        count: 'service_window_exemption',
      },
      { label: msg`Book`, to: '/admin/service-window/book', capability: 'serviceWindow.book' },
      {
        label: msg`Waiting for staff`,
        to: '/admin/service-window/queue',
        count: 'service_window_queue',
        capability: 'serviceWindow.manage',
      },
      {
        label: msg`Update Configuration`,
        to: '/customer/service-window/configuration',
        count: 'service_window_update_config',
        capability: 'serviceWindow.updateConfiguration',
      },
    ],
  },
  { label: msg`Teams`, to: TEAMS_PATH, icon: UsersRound, count: 'team' },
  { label: msg`Users`, to: '/customer/users', icon: Users, count: 'user', capability: 'users.manage' },
  { label: msg`Activity`, to: '/customer/activity', icon: History, capability: 'activity.read' },
  { label: msg`Webhooks`, to: '/customer/webhooks', icon: Webhook, capability: 'infrastructure.manage' },
  { label: msg`API tokens`, to: '/customer/api-tokens', icon: Key, capability: 'apiTokens.manage' },
  {
    label: msg`Time Registration`,
    to: '/admin/hours/register',
    icon: Clock,
    capability: 'timeRegistration.use',
    children: [
      { label: msg`Register Time`, to: '/admin/hours/register' },
      { label: msg`Register Time Old`, to: '/admin/hours/register-old' },
      { label: msg`Overview`, to: '/admin/hours/overview' },
      {
        label: msg`Employee Overview`,
        to: '/admin/hours/employee-overview',
        count: 'pending_approval',
        capability: 'employeeOverview.view',
      },
      { label: msg`Summary`, to: '/admin/hours/summary' },
    ],
  },
  { label: msg`Impersonate`, to: '/admin/impersonate', icon: BookUser, capability: 'impersonate' },
  {
    label: msg`Create Customer`,
    to: '/admin/create-customer',
    icon: Building2,
    capability: 'customers.create',
  },
  { label: msg`Staff users`, to: '/admin/staff', icon: UserCog, capability: 'staff.manage' },
  { label: msg`Fleet`, to: '/admin/fleet', icon: ServerCog, capability: 'fleet.view' },
  { label: msg`Invoices`, to: '/customer/invoices', icon: FileText, capability: 'invoices.read' },
  {
    label: msg`Reports`,
    to: '/customer/reports',
    icon: FileChartColumn,
    capability: 'serviceReports.read',
  },
  { label: msg`Employee Map`, to: '/admin/map', icon: MapIcon, capability: 'employeeMap.view' },
  {
    label: msg`Chat`,
    to: '/admin/chat',
    icon: MessagesSquare,
    count: 'unanswered_chat',
    capability: 'chat.answer',
  },
  { label: msg`Settings`, to: '/user/settings', icon: Settings },
];

/** The items (and sub-items) a user with these flags sees. */
export function visibleNavItems(flags: RoleFlags, items: NavItem[] = NAV_ITEMS): NavItem[] {
  return items
    .filter((item) => !item.capability || can(flags, item.capability))
    .map((item) => (item.children ? { ...item, children: visibleNavItems(flags, item.children) } : item));
}
