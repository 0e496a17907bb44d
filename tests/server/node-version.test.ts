import { describe, expect, it } from 'vitest';
import { MIN_NODE_MAJOR, unsupportedNodeMessage } from '../../src-server/node-version.js';

describe('Node.js version check at start-up', () => {
  it('accepts the minimum, the LTS and newer majors', () => {
    for (const v of ['v22.0.0', 'v22.23.3', 'v24.21.0', 'v26.1.0', '24.0.0']) expect(unsupportedNodeMessage(v)).toBeNull();
  });

  it('refuses older majors with one line naming the version it needs and how to get it', () => {
    for (const v of ['v20.20.2', 'v18.19.0', 'v21.7.3']) {
      const line = unsupportedNodeMessage(v);
      expect(line).toContain(`needs Node.js ${MIN_NODE_MAJOR} or newer`);
      expect(line).toContain(`this is Node.js ${v}`);
      expect(line).toContain('scripts/provision-node.sh 24');
      expect(line).not.toContain('\n');
    }
  });

  it('refuses a version it cannot read rather than starting blindly', () => {
    expect(unsupportedNodeMessage('')).not.toBeNull();
    expect(unsupportedNodeMessage('latest')).not.toBeNull();
  });

  it('lets the running test process through (the suite itself runs on a supported Node)', () => {
    expect(unsupportedNodeMessage(process.version)).toBeNull();
  });
});
