import { osVersions } from '@tidewatch/content';
import { findOsVersion, isPastEndOfLife } from '@tidewatch/domain';
import { describe, expect, it } from 'vitest';
import { planFleet, seededRandom } from '../src/seed/agent-runs';
import { testClock } from './helpers';

const now = testClock().now();
const fleet = planFleet(now);
const customers = [...new Set(fleet.map(({ server }) => server.customerId))];

describe('the demo fleet', () => {
  it('is the same on every start', () => {
    expect(planFleet(now)).toEqual(fleet);
    expect(seededRandom('a')()).toBe(seededRandom('a')());
    expect(seededRandom('a')()).not.toBe(seededRandom('b')());
  });

  it('gives each host one architecture, which its kernel matches', () => {
    const reporting = fleet.filter(({ server }) => server.facts?.architecture);
    expect(reporting.length).toBeGreaterThan(30);
    const architectures = new Set(reporting.map(({ server }) => server.facts?.architecture));
    expect([...architectures].sort()).toEqual(['aarch64', 'x86_64']);
    for (const { server } of reporting) {
      const other = server.facts?.architecture === 'aarch64' ? /amd64|x86_64/ : /arm64|aarch64/;
      expect(server.kernel, server.certname).not.toMatch(other);
      expect(server.facts?.kernel, server.certname).toBe(server.kernel);
    }
  });

  it('gives hosts run histories of their own', () => {
    const withRuns = fleet.filter(({ runs }) => runs.length > 0);
    const histories = withRuns.map(({ runs }) => runs.map((run) => `${run.status}:${run.durationMs}`).join());
    expect(new Set(histories).size).toBe(withRuns.length);
    expect(new Set(withRuns.map(({ runs }) => runs.length)).size).toBeGreaterThan(5);
    expect(new Set(withRuns.flatMap(({ runs }) => runs.map((run) => run.status)))).toEqual(
      new Set(['unchanged', 'changed', 'failed']),
    );
    for (const { server, runs } of withRuns) {
      expect(server.lastRunAt).toEqual(runs[0]?.startedAt);
      expect(server.lastRunStatus).toBe(runs[0]?.status);
      expect(runs.map((run) => run.startedAt.getTime())).toEqual(
        runs.map((run) => run.startedAt.getTime()).sort((a, b) => b - a),
      );
    }
  });

  it.each(customers)('gives %s a failing host, a stale host and an OS past its end of life', (customerId) => {
    const own = fleet.map(({ server }) => server).filter((server) => server.customerId === customerId);
    expect(own.some((server) => server.status === 'active' && server.lastRunStatus === 'failed')).toBe(true);
    expect(own.some((server) => server.status === 'stale')).toBe(true);
    const pastEndOfLife = own.filter((server) => {
      if (!server.distribution || !server.osVersion || server.status === 'decommissioned') return false;
      const known = findOsVersion(osVersions, server.distribution, server.osVersion);
      return known !== undefined && isPastEndOfLife(known.endOfLife, now);
    });
    expect(pastEndOfLife.length).toBeGreaterThan(0);
  });
});
