import 'fake-indexeddb/auto';
import { installWebLocksShim } from './web-locks-shim.js';

// Node has no navigator.locks (Node 20 has no navigator at all); the data layer needs Web Locks.
installWebLocksShim();
