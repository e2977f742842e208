import { useLingui } from '@lingui/react/macro';
import type { StaffMember } from '@tidewatch/contract';
import { geoEqualEarth, geoGraticule10, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth's 1:110m countries, bundled with this page: the map never asks anyone else for tiles.
import world from 'world-atlas/countries-110m.json';
import * as styles from './employee-map.css';

const WIDTH = 960;
const HEIGHT = 470;

const topology = world as unknown as Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
const projection = geoEqualEarth().fitExtent(
  [
    [8, 8],
    [WIDTH - 8, HEIGHT - 8],
  ],
  { type: 'Sphere' },
);
const path = geoPath(projection);
// Drawn once: the world does not change while the page is open.
const SPHERE = path({ type: 'Sphere' }) ?? '';
const GRATICULE = path(geoGraticule10()) ?? '';
const LAND = path(feature(topology, topology.objects.land)) ?? '';
const BORDERS = path(mesh(topology, topology.objects.countries, (a, b) => a !== b)) ?? '';

type Located = StaffMember & { location: NonNullable<StaffMember['location']> };

/** The world with a marker for each staff member who has a place; `highlighted` is drawn on top, larger. */
export function WorldMap({ people, highlighted }: { people: Located[]; highlighted: string | null }) {
  const { t } = useLingui();
  const ordered = [...people].sort(
    (a, b) => Number(a.user_id === highlighted) - Number(b.user_id === highlighted),
  );
  return (
    <svg
      className={styles.map}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t`World map with a marker where each staff member works`}
    >
      <path d={SPHERE} className={styles.sea} />
      <path d={GRATICULE} className={styles.graticule} />
      <path d={LAND} className={styles.land} />
      <path d={BORDERS} className={styles.borders} />
      {ordered.map((person) => {
        const point = projection([person.location.longitude, person.location.latitude]);
        if (!point) return null;
        const active = person.user_id === highlighted;
        return (
          <g
            key={person.user_id}
            data-testid="staff-marker"
            data-user={person.email}
            transform={`translate(${point[0].toFixed(1)} ${point[1].toFixed(1)})`}
            className={active ? styles.markerActive : styles.marker}
          >
            <title>{`${person.name} · ${person.location.place}`}</title>
            <circle r={active ? 11 : 8} />
          </g>
        );
      })}
    </svg>
  );
}
