import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@tidewatch/contract';
import { Button, ConfirmDialog, EmptyState, matchesSearch, TextInput } from '@tidewatch/ui';
import { MapPin } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { formatLocalTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { QueryState } from '../../../shared/query-state/query-state';
import { staffLocationsQueryOptions, useClearStaffLocation } from '../api/staff-locations';
import * as styles from './employee-map.css';
import { LocationDialog } from './location-dialog';
import { WorldMap } from './world-map';

type Located = StaffMember & { location: NonNullable<StaffMember['location']> };
const isLocated = (person: StaffMember): person is Located => person.location !== null;

/** The clock the local times follow, moved on each minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** /admin/map: where staff work on a world map, and a list with each person's local time. */
export function EmployeeMapPage() {
  const { t } = useLingui();
  const staff = useQuery(staffLocationsQueryOptions());
  return (
    <QueryState
      query={staff}
      failed={t`Could not load the staff locations`}
      empty={<EmptyState icon={<MapPin size={32} aria-hidden="true" />} title={t`No staff members yet`} />}
    >
      {(people) => <EmployeeMap people={people} />}
    </QueryState>
  );
}

function EmployeeMap({ people }: { people: StaffMember[] }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const now = useMinuteClock();
  const [search, setSearch] = useState('');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const clear = useClearStaffLocation();
  const located = useMemo(() => people.filter(isLocated), [people]);
  const countries = useMemo(() => new Intl.DisplayNames([i18n.locale], { type: 'region' }), [i18n.locale]);
  const shown = people.filter((person) =>
    matchesSearch(
      [person.name, person.email, person.location?.place ?? '', person.location?.country ?? ''].join(' '),
      search,
    ),
  );

  return (
    <div className={styles.layout}>
      <div>
        <WorldMap people={located} highlighted={highlighted} />
        <p className={styles.muted}>
          <Trans>
            {located.length} of {people.length} staff members placed on the map.
          </Trans>
        </p>
      </div>
      <section className={styles.side} aria-label={t`Staff members`}>
        <TextInput
          label={<Trans>Search staff</Trans>}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {shown.length === 0 ? (
          <p className={styles.muted}>
            <Trans>Nobody matches “{search}”.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {shown.map((person) => (
              <li
                key={person.user_id}
                className={person.user_id === highlighted ? styles.personActive : styles.person}
                data-testid="staff-member"
                onMouseEnter={() => setHighlighted(person.user_id)}
                onMouseLeave={() => setHighlighted(null)}
                onFocus={() => setHighlighted(person.user_id)}
                onBlur={() => setHighlighted(null)}
              >
                <div className={styles.who}>
                  <span className={styles.name}>{person.name}</span>
                  {person.location ? (
                    <>
                      <span className={styles.muted}>
                        {person.location.place}, {countries.of(person.location.country)}
                      </span>
                      <span className={styles.time}>
                        <Trans>
                          Local time {formatLocalTime(now, person.location.timezone, i18n.locale)}
                        </Trans>
                      </span>
                    </>
                  ) : (
                    <span className={styles.muted}>
                      <Trans>No place set</Trans>
                    </span>
                  )}
                </div>
                <div className={styles.actions}>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(person)}>
                    {person.location ? <Trans>Change place</Trans> : <Trans>Set place</Trans>}
                  </Button>
                  {person.location && (
                    <Button variant="ghost" size="sm" onClick={() => setRemoving(person)}>
                      <Trans>Remove from map</Trans>
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <LocationDialog person={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={<Trans>Take {removing?.name} off the map?</Trans>}
        description={<Trans>Their place is forgotten; you can set it again at any time.</Trans>}
        confirmLabel={<Trans>Remove from map</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={clear.isPending}
        onConfirm={() => {
          const person = removing;
          if (!person) return;
          clear.mutate(person.user_id, {
            onSuccess: () => {
              notify.success(t`${person.name} is off the map`);
              setRemoving(null);
            },
          });
        }}
      />
    </div>
  );
}
