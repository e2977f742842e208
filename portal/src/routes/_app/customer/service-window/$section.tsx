import { useLingui } from '@lingui/react/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { mayCall, routeTable } from '@tidewatch/contract/client';
import { can } from '@tidewatch/domain';
import {
  configurationsQueryOptions,
  exemptionsQueryOptions,
  proposalsQueryOptions,
  windowsQueryOptions,
} from '../../../../features/service-windows/api/service-windows';
import { BookingsSearch, bookingsQueryOf } from '../../../../features/service-windows/bookings-view';
import { BookingsPage } from '../../../../features/service-windows/components/bookings-page';
import { ConfigurationPage } from '../../../../features/service-windows/components/configuration-page';
import { ExemptionsPage } from '../../../../features/service-windows/components/exemptions-page';
import { pageCustomerId } from '../../../../lib/customers';
import { CustomerScope } from '../../../../shared/customer-scope';
import { Page } from '../../../../shared/page';

const SECTIONS = ['bookings', 'exemptions', 'configuration'] as const;
type Section = (typeof SECTIONS)[number];

/** The Service Window group's three pages share one route (each file route adds to the first screen's weight). */
export const Route = createFileRoute('/_app/customer/service-window/$section')({
  // Only the bookings page reads these; the other two ignore them.
  validateSearch: BookingsSearch,
  beforeLoad: ({ params }) => {
    if (!(SECTIONS as readonly string[]).includes(params.section)) throw notFound();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => {
    const customerId = pageCustomerId(context.user);
    if (customerId === null) return;
    const { queryClient } = context;
    if (params.section === 'exemptions') {
      void queryClient.prefetchQuery(exemptionsQueryOptions(customerId, undefined));
      return;
    }
    void queryClient.prefetchQuery(configurationsQueryOptions(customerId));
    if (params.section === 'configuration')
      void queryClient.prefetchQuery(proposalsQueryOptions(customerId, 'pending'));
    else if (deps.view !== 'week')
      void queryClient.prefetchQuery(windowsQueryOptions(customerId, bookingsQueryOf(deps)));
  },
  component: ServiceWindowRoute,
});

function ServiceWindowRoute() {
  const { t } = useLingui();
  const { user } = Route.useRouteContext();
  const section = Route.useParams().section as Section;
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  const title = { bookings: t`Bookings`, exemptions: t`Exemptions`, configuration: t`Update Configuration` }[
    section
  ];
  return (
    <Page title={title}>
      <CustomerScope user={user}>
        {(customerId) =>
          section === 'bookings' ? (
            <BookingsPage
              customerId={customerId}
              canManageFeed={can(user, 'infrastructure.manage')}
              canAskToSkip={mayCall(routeTable.serviceWindows.requestExemption, user, customerId)}
              view={view}
              onViewChange={(search) => navigate({ search })}
            />
          ) : section === 'exemptions' ? (
            <ExemptionsPage customerId={customerId} canResolve={can(user, 'serviceWindow.manage')} />
          ) : (
            <ConfigurationPage
              customerId={customerId}
              isStaff={can(user, 'serviceWindow.manage')}
              canPropose={mayCall(routeTable.serviceWindows.propose, user, customerId)}
            />
          )
        }
      </CustomerScope>
    </Page>
  );
}
