import { createFileRoute, redirect } from '@tanstack/react-router';

/** The Service Window item's own address (the sidebar's parent link) opens the group's first page. */
export const Route = createFileRoute('/_app/customer/service-window/')({
  beforeLoad: () => {
    throw redirect({
      to: '/customer/service-window/$section',
      params: { section: 'bookings' },
      replace: true,
    });
  },
});
