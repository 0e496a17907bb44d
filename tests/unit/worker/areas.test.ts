import { describe, expect, it } from 'vitest';
import { AREAS, areaItemLabel } from '../../../shared/areas/registry.js';
import { AREA_MODULES, checkAreas, registerAllHandlers } from '../../../src-worker/areas/index.js';
import { defineArea, type AreaModule } from '../../../src-worker/kit/area.js';
import { HandlerRegistry } from '../../../src-worker/outbox/handlers.js';
import { defineWrite } from '../../../src-worker/outbox/write-action.js';
import { createHarness } from '../helpers/data-core-harness.js';
import { createFakeHttp } from '../helpers/fake-http.js';

const noop = defineWrite({
  area: 'contact',
  action: 'send',
  request: () => ({ method: 'POST', path: 'contact/', json: {} }),
  invalidates: () => ({}),
  messages: { success: 'Sent', queued: 'Later', failure: 'Failed' },
});
const contact = (writes = [noop]): AreaModule => defineArea({ name: 'contact', calls: () => ({ send: async () => undefined }), writes });
const others = AREA_MODULES.filter((m) => m.name !== 'contact');

describe('area registration', () => {
  it('every area of the registry has exactly one worker module, found without a list', () => {
    expect(AREA_MODULES.map((m) => m.name).sort()).toEqual(Object.keys(AREAS).sort());
  });

  it('the data worker serves each area group and replays each area write', async () => {
    const { core, close } = await createHarness(createFakeHttp());
    try {
      for (const name of Object.keys(AREAS)) expect(typeof (core.workerCalls as unknown as Record<string, unknown>)[name]).toBe('object');
      expect(Object.keys(core.workerCalls.workorders).sort()).toEqual(['claim', 'complete', 'create', 'get', 'list', 'unclaim']);
    } finally {
      await close();
    }
    const registry = new HandlerRegistry();
    registerAllHandlers(registry);
    for (const module of AREA_MODULES) for (const write of module.writes ?? []) expect(registry.get(module.name, write.action)).toBeDefined();
  });

  it('a module registers its writes as handlers by area:action', () => {
    const registry = new HandlerRegistry();
    registerAllHandlers(registry, [contact()]);
    expect(registry.get('contact', 'send')).toBeDefined();
    expect(registry.get('contact', 'other')).toBeUndefined();
  });

  it('refuses an unknown area, an area defined twice, a missing one and a write of another area', () => {
    const stray = { ...contact(), name: 'vendorz' } as unknown as AreaModule;
    expect(() => checkAreas([...AREA_MODULES, stray])).toThrow('area module "vendorz" has no entry in shared/areas/registry.ts');
    expect(() => checkAreas([...AREA_MODULES, contact()])).toThrow('area "contact" is defined twice');
    expect(() => checkAreas(others)).toThrow('no module under src-worker/areas/ for the area(s) contact');
    expect(() => contact([{ ...noop, area: 'workorders' }])).toThrow('area contact: write workorders:send belongs to another area');
  });

  it('labels one record of an area for the Offline Activity panel', () => {
    expect(areaItemLabel('workorders')).toBe('Work order');
    expect(areaItemLabel('maintenance')).toBe('Task');
    expect(areaItemLabel('washes')).toBe('Wash count');
    expect(areaItemLabel('retired')).toBe('retired');
  });
});
