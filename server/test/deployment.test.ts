import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig, REPO_ROOT } from '../src/config';
import tsup from '../tsup.config';

const kubernetes = path.join(REPO_ROOT, 'deploy', 'kubernetes');
const manifest = (file: string) => parse(fs.readFileSync(path.join(kubernetes, file), 'utf8'));
const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
const builtEntries = ((tsup as { entry: string[] }).entry ?? []).map((entry) =>
  entry.replace(/^src\/(.+)\.ts$/, 'server/dist/$1.js'),
);

describe('the Kubernetes manifests', () => {
  const deployment = manifest('deployment.yaml');
  const server = deployment.spec.template.spec.containers[0];
  const job = manifest('migration-job.yaml');

  it('name only resources that exist, each one parsing', () => {
    const { resources } = manifest('kustomization.yaml') as { resources: string[] };
    for (const file of [...resources, 'secret.example.yaml']) {
      const documents = parseAllDocuments(fs.readFileSync(path.join(kubernetes, file), 'utf8'));
      expect(
        documents.every((document) => document.errors.length === 0),
        file,
      ).toBe(true);
    }
  });

  it('configure a server that starts: every variable is one the server reads, with valid values', () => {
    const env = { ...manifest('configmap.yaml').data, ...manifest('secret.example.yaml').stringData };
    const config = loadConfig(env);
    expect(config.mode).toBe('production');
    expect(config.migrateOnStart).toBe(false);
    expect(config.metricsToken).toBeDefined();
  });

  it('probe liveness on /healthz and readiness on /readyz, as non-root with a read-only root', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(server.livenessProbe.httpGet.path).toBe('/healthz');
    expect(server.readinessProbe.httpGet.path).toBe('/readyz');
    expect(server.resources.requests).toBeDefined();
    for (const pod of [deployment.spec.template.spec, job.spec.template.spec]) {
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.containers[0].securityContext.readOnlyRootFilesystem).toBe(true);
    }
  });

  it('migrate in a job with a script the server build writes', () => {
    const [node, script] = job.spec.template.spec.containers[0].command;
    expect(node).toBe('node');
    expect(builtEntries).toContain(script);
  });
});

describe('the container image', () => {
  it('starts the built server as a non-root user, with a health check on /healthz', () => {
    const command = /^CMD \["node", "([^"]+)"\]$/m.exec(dockerfile)?.[1];
    expect(builtEntries).toContain(command);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
  });

  it('puts the site and the portal where the server looks for them by default', () => {
    const defaults = loadConfig({}, '/app');
    expect(dockerfile).toContain(`/src/site/dist ${defaults.siteDir}`);
    expect(dockerfile).toContain(`/src/portal/dist ${defaults.portalDir}`);
  });
});
