/** Behaviour §3 Device heartbeat's device fields, read from a user-agent string. */

export interface DeviceInfo {
  device_name: string;
  os_name: string;
  os_version: string;
}

const OS_PATTERNS: [name: string, pattern: RegExp][] = [
  ['Android', /Android[ /]([\d.]+)/],
  ['iOS', /(?:iPhone|iPad|iPod).*? OS ([\d_]+)/],
  ['Windows', /Windows NT ([\d.]+)/],
  ['macOS', /Mac OS X ([\d_.]+)/],
  ['ChromeOS', /CrOS \S+ ([\d.]+)/],
  ['Linux', /Linux()/],
];

const BROWSER_PATTERNS: [name: string, pattern: RegExp][] = [
  ['Edge', /Edg\//],
  ['Firefox', /Firefox\//],
  ['Chrome', /(?:Chrome|Chromium|CriOS)\//],
  ['Safari', /Safari\//],
];

export function deviceInfoFrom(userAgent: string): DeviceInfo {
  let osName = '';
  let osVersion = '';
  for (const [name, pattern] of OS_PATTERNS) {
    const match = pattern.exec(userAgent);
    if (match) {
      osName = name;
      osVersion = (match[1] ?? '').replace(/_/g, '.');
      break;
    }
  }
  const browser = BROWSER_PATTERNS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? '';
  const deviceName = [browser, osName].filter(Boolean).join(' on ');
  return { device_name: deviceName.slice(0, 255), os_name: osName, os_version: osVersion.slice(0, 255) };
}
