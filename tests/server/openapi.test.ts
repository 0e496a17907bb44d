import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; tags?: string[]; description?: string }>>;
}

describe('the API document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.request({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is OpenAPI 3 and describes every API route the server serves, with who may call it', () => {
    expect(doc.openapi).toMatch(/^3\./);
    // Sanity: the router's list is the real one, not empty or partial.
    expect(t.app.apiRoutes.length).toBeGreaterThan(50);
    expect(t.app.apiRoutes).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/v1/workorders/:id/claim/' }));
    const missing = t.app.apiRoutes.filter((r) => !doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()]);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    for (const r of t.app.apiRoutes) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]![r.method.toLowerCase()]!;
      expect(op.description).toContain('Who may call it:');
      expect(op.security === undefined, `${r.method} ${r.url}`).toBe(r.access === 'public');
    }
  });

  it('groups operations by area and describes request bodies from the shared schemas', () => {
    const create = doc.paths['/api/v1/locations/']!.post as unknown as { tags: string[]; requestBody: { content: Record<string, { schema: { required: string[] } }> } };
    expect(create.tags).toEqual(['locations']);
    expect(create.requestBody.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['location_type', 'name']));
  });

  it('has a browsable page that anyone can open, and needs no token for either', async () => {
    const page = await t.request({ method: 'GET', url: '/api/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger');
  });
});
