// The dashboard's files on a first start (server/http/dashboard.ts): dist/ is still being built, the start
// says nothing about it, `/` answers the page that waits, and the files are served once the build wrote them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRoutes } from '../../../server/http/dashboard.ts';

describe('the dashboard before and after its first build', () => {
  const parent = mkdtempSync(join(tmpdir(), 'pad-dist-'));
  const distDir = join(parent, 'dist/');
  const logged: { level: number; msg: string }[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  let url: string;
  beforeAll(async () => {
    await dashboardRoutes(app, distDir);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('starts without a warning while dist/ does not exist yet, and answers the page that reloads itself', async () => {
    expect(logged.filter((entry) => entry.level >= 40)).toEqual([]);
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('The dashboard is being built; this page reloads by itself.');
  });

  it('serves the page and its files once the build has written them, without a restart', async () => {
    mkdirSync(join(distDir, 'assets'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Panic Alerts Dashboard</title>');
    writeFileSync(join(distDir, 'assets/index-abc.js'), 'console.log(1)');
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Panic Alerts Dashboard</title>');
    const script = await fetch(`${url}/assets/index-abc.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log(1)');
  });
});
