import { collectProcessMetrics, metricsRegistry } from '@kainga/platform';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const OPS = join(dirname(fileURLToPath(import.meta.url)), '..');
const dashboard = JSON.parse(readFileSync(join(OPS, 'grafana/kainga-dashboard.json'), 'utf8')) as {
  title: string;
  uid: string;
  __inputs: { name: string }[];
  panels: { type: string; title: string; description?: string; gridPos: object; targets?: { expr: string; refId: string }[] }[];
};
const alerts = parse(readFileSync(join(OPS, 'prometheus/alerts.yml'), 'utf8')) as { groups: { name: string; rules: { alert: string; expr: string; for: string; labels: { severity: string }; annotations: { summary: string; description: string } }[] }[] };

const exprs = [
  ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr }))),
  ...alerts.groups.flatMap((g) => g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }))),
];
/** Labels every series has from Prometheus (job, instance) or from its kind (a histogram bucket's le). */
const ALWAYS = new Set(['job', 'instance', 'le']);
const SERIES = /\b((?:kainga|process|nodejs)_[a-z0-9_]+)(\{[^}]*\})?/g;

collectProcessMetrics();
/** The registered metric a series name belongs to: itself, or a histogram's (_bucket, _count, _sum). */
function metricOf(series: string) {
  const metric = metricsRegistry.getSingleMetric(series) ?? metricsRegistry.getSingleMetric(series.replace(/_(bucket|count|sum)$/, ''));
  return metric as (typeof metric & { labelNames: string[] }) | undefined;
}

describe('the Grafana dashboard and the alert rules', () => {
  it('are an importable dashboard and well-formed alert rules', () => {
    expect(dashboard.uid).toBe('kainga-overview');
    expect(dashboard.__inputs.map((i) => i.name)).toEqual(['DS_PROMETHEUS']);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect(panel.description, panel.title).toBeTruthy();
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
    const names = alerts.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(names).toEqual(expect.arrayContaining(['KaingaProjectionStalled', 'KaingaOutboxFailing', 'KaingaStripeWebhooksFailing', 'KaingaHighErrorRate']));
    expect(new Set(names).size).toBe(names.length);
    for (const rule of alerts.groups.flatMap((g) => g.rules)) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.description, rule.alert).toBeTruthy();
    }
  });

  it('name only metrics Kāinga exports, with the labels they have', () => {
    const problems: string[] = [];
    let seen = 0;
    for (const { where, expr } of exprs) {
      const grouped = [...expr.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()));
      const series = [...expr.matchAll(SERIES)];
      if (series.length === 0) problems.push(`${where}: names no Kāinga metric`);
      for (const [, name, selector] of series) {
        seen += 1;
        const metric = metricOf(name!);
        if (!metric) {
          problems.push(`${where}: ${name} is not in the registry`);
          continue;
        }
        const known = new Set([...(metric.labelNames ?? []), ...ALWAYS]);
        const selected = [...(selector ?? '').matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1]!);
        for (const label of selected) if (!known.has(label)) problems.push(`${where}: ${name} has no label ${label}`);
        // A grouping label must be on some metric of the expression.
        for (const label of grouped) if (!known.has(label) && !series.some(([, other]) => metricOf(other!)?.labelNames?.includes(label))) problems.push(`${where}: no metric of it has label ${label}`);
      }
    }
    expect(problems).toEqual([]);
    expect(seen).toBeGreaterThan(30);
  });

  it('cover every Kāinga metric at least once in the dashboard', () => {
    const named = new Set(exprs.flatMap(({ expr }) => [...expr.matchAll(SERIES)].map(([, name]) => (metricOf(name!) as { name?: string } | undefined)?.name)));
    const ours = metricsRegistry.getMetricsAsArray().map((m) => m.name).filter((n) => n.startsWith('kainga_'));
    expect(ours.filter((n) => !named.has(n))).toEqual([]);
  });
});
