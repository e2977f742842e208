import { spawnSync } from 'node:child_process';
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

/** A parsed Kubernetes object: untyped, as YAML gives it; the tests check it field by field. */
type KubernetesObject = ReturnType<typeof parse>;

interface Container {
  name: string;
  ports?: { name?: string; containerPort?: number }[];
}

interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { initContainers?: Container[]; containers: Container[] };
}

/** The objects `kubectl apply -k` sends: rendered by kubectl's kustomize where it is installed. */
function renderedKustomization(): KubernetesObject[] | undefined {
  const rendered = spawnSync('kubectl', ['kustomize', kubernetes], { encoding: 'utf8' });
  if (rendered.error) return undefined;
  expect(rendered.stderr).toBe('');
  return parseAllDocuments(rendered.stdout).map((document) => document.toJS());
}

const manifestFiles = () =>
  (manifest('kustomization.yaml') as { resources: string[] }).resources.map(
    (file) => manifest(file) as KubernetesObject,
  );

/** The targets Prometheus' pod discovery makes of a pod: one per container port, one for a container without. */
function podTargets(pod: PodTemplate) {
  const labels = Object.fromEntries(
    Object.entries(pod.metadata.labels).map(([name, value]) => [
      `__meta_kubernetes_pod_label_${name.replace(/[^a-zA-Z0-9_]/g, '_')}`,
      value,
    ]),
  );
  const containers = [
    ...(pod.spec.initContainers ?? []).map((container) => ({ container, init: 'true' })),
    ...pod.spec.containers.map((container) => ({ container, init: 'false' })),
  ];
  return containers.flatMap(({ container, init }) =>
    (container.ports ?? [{}]).map((port) => ({
      ...labels,
      __meta_kubernetes_pod_container_name: container.name,
      __meta_kubernetes_pod_container_init: init,
      __meta_kubernetes_pod_container_port_name: port.name ?? '',
      __meta_kubernetes_pod_container_port_number: String(port.containerPort ?? ''),
    })),
  );
}

interface RelabelRule {
  source_labels: string[];
  regex: string;
  action: 'keep' | 'drop';
  separator?: string;
}

/** Prometheus' keep and drop relabelling: the joined source labels must match the whole regex. */
function relabelled(targets: Record<string, string>[], rules: RelabelRule[]) {
  return targets.filter((target) =>
    rules.every((rule) => {
      expect(['keep', 'drop']).toContain(rule.action);
      const value = rule.source_labels.map((label) => target[label] ?? '').join(rule.separator ?? ';');
      return new RegExp(`^(?:${rule.regex})$`).test(value) === (rule.action === 'keep');
    }),
  );
}

const documentedScrapeJob = () => {
  const operations = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  const block = /```yaml\n(scrape_configs:[\s\S]*?)```/.exec(operations)?.[1];
  return parse(block ?? '').scrape_configs[0];
};

const sources: [string, () => KubernetesObject[] | undefined][] = [
  ['as written', manifestFiles],
  ['as kustomize renders them', renderedKustomization],
];

describe.each(sources)('the Kubernetes manifests, %s', (_source, load) => {
  const objects = load();
  const find = (kind: string) => {
    const object = objects?.find((candidate) => candidate.kind === kind);
    expect(object, kind).toBeDefined();
    return object;
  };
  const test = objects ? it : it.skip;
  if (!objects) it.skip('(kubectl is not installed here: only the files as written are checked)');

  test('select the server pods by name and component, and the pods carry both', () => {
    const deployment = find('Deployment');
    const podLabels = deployment.spec.template.metadata.labels;
    const selectors = {
      deployment: deployment.spec.selector.matchLabels,
      spread: deployment.spec.template.spec.topologySpreadConstraints[0].labelSelector.matchLabels,
      service: find('Service').spec.selector,
      budget: find('PodDisruptionBudget').spec.selector.matchLabels,
    };
    for (const [name, selector] of Object.entries(selectors)) {
      expect(selector, name).toEqual({
        'app.kubernetes.io/name': 'tidewatch',
        'app.kubernetes.io/component': 'server',
      });
      expect(podLabels, name).toMatchObject(selector);
    }
  });

  test("match the documented scrape job to the server's port alone, with the token", () => {
    const template = find('Deployment').spec.template;
    const job = documentedScrapeJob();
    expect(job.authorization.credentials_file).toBeDefined();
    const targets = relabelled(podTargets(template), job.relabel_configs);
    expect(targets).toHaveLength(1);
    expect(targets[0]?.__meta_kubernetes_pod_container_name).toBe('server');
    expect(targets[0]?.__meta_kubernetes_pod_container_port_name).toBe('http');
    // Annotations would invite any scraper, and one without the token only collects 401s.
    expect(Object.keys(template.metadata.annotations ?? {})).not.toContainEqual(
      expect.stringMatching(/^prometheus\.io\//),
    );
  });

  test('migrate in an init container, before the server starts, with a script the build writes', () => {
    const pod = find('Deployment').spec.template.spec;
    const [migrate, ...others] = pod.initContainers;
    expect(others).toEqual([]);
    const [node, script] = migrate.command;
    expect(node).toBe('node');
    expect(script).toBe('server/dist/migrate.js');
    expect(builtEntries).toContain(script);
    expect(migrate.image).toBe(pod.containers[0].image);
    expect(migrate.envFrom).toEqual(pod.containers[0].envFrom);
    expect(objects?.map((object) => object.kind)).not.toContain('Job');
  });
});

describe('the Kubernetes manifests', () => {
  const deployment = manifest('deployment.yaml');
  const server = deployment.spec.template.spec.containers[0];

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
    const pod = deployment.spec.template.spec;
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(server.livenessProbe.httpGet.path).toBe('/healthz');
    expect(server.readinessProbe.httpGet.path).toBe('/readyz');
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    for (const container of [...pod.initContainers, ...pod.containers]) {
      expect(container.resources.requests, container.name).toBeDefined();
      expect(container.resources.limits.memory, container.name).toBeDefined();
      expect(container.securityContext.readOnlyRootFilesystem, container.name).toBe(true);
    }
  });

  it('say which Kubernetes they need for the preStop sleep', () => {
    expect(server.lifecycle.preStop.sleep).toBeDefined();
    const operations = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    expect(operations).toMatch(/Kubernetes 1\.30 or newer/);
  });
});

describe('the container image', () => {
  it('starts the built server as a non-root user, with a health check on /healthz', () => {
    const command = /^CMD \["node", "([^"]+)"\]$/m.exec(dockerfile)?.[1];
    expect(builtEntries).toContain(command);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
  });

  it('builds on a base image pinned by digest, in every stage', () => {
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toMatch(/^[\w./-]+:[\w.-]+@sha256:\S+$/);
  });

  it('runs the Node.js major that .nvmrc and engines name, and checks it whatever the digest', () => {
    const major = fs.readFileSync(path.join(REPO_ROOT, '.nvmrc'), 'utf8').trim();
    const engines = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).engines;
    expect(engines.node).toMatch(new RegExp(`^>=${major}\\.`));
    const tags = [...dockerfile.matchAll(/^FROM node:(\S+)@/gm)].map((match) => match[1]);
    expect(tags.length).toBeGreaterThanOrEqual(2);
    for (const tag of tags) expect(tag).toMatch(new RegExp(`^${major}\\.`));
    expect(dockerfile).toContain('COPY .nvmrc /tmp/.nvmrc');
    expect(dockerfile).toContain(
      `RUN test "$(node -p 'process.versions.node.split(".")[0]')" = "$(cat /tmp/.nvmrc)"`,
    );
  });

  it('says what it is with OCI labels, and its base by name and digest', () => {
    for (const label of ['title', 'version', 'revision', 'created', 'base.name', 'base.digest']) {
      expect(dockerfile).toMatch(new RegExp(`^\\s*(LABEL )?org\\.opencontainers\\.image\\.${label}=`, 'm'));
    }
  });

  it('leaves settings, secrets and local state out of the build context', () => {
    const ignored = fs.readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const pattern of ['**/.env', '**/.env.*', '.git', '.data', '**/node_modules']) {
      expect(ignored).toContain(pattern);
    }
  });

  it('puts the site and the portal where the server looks for them by default', () => {
    const defaults = loadConfig({}, '/app');
    expect(dockerfile).toContain(`/src/site/dist ${defaults.siteDir}`);
    expect(dockerfile).toContain(`/src/portal/dist ${defaults.portalDir}`);
  });
});
