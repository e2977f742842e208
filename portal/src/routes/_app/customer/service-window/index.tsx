import { createFileRoute, redirect } from '@tanstack/react-router';

/** The Service Window group's own address opens its first page. */
export const Route = createFileRoute('/_app/customer/service-window/')({
  beforeLoad: () => {
    throw redirect({ to: '/customer/service-window/bookings', replace: true });
  },
});
