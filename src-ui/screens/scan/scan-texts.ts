/**
 * The scanner's texts (not in the spec; docs/decisions.md: Labels and scanning). They travel with the
 * scanner's own chunk, so the first screen's script does not carry them.
 */
import type { CameraProblem } from './camera';

export const SCAN_TEXTS = {
  title: 'Scan a label',
  aim: "Point the camera at a label's QR code.",
  starting: 'Opening the camera...',
  opening: 'Opening...',
  videoLabel: 'Camera view',
  typeHeading: 'Or type the code',
  typeHint: 'As printed on the label, e.g. A-7K3Q9 or L-4MX2P.',
  codeLabel: 'Label code',
  open: 'Open',
  badCode: 'Type the code as printed on the label, e.g. A-7K3Q9.',
  failure: 'This label could not be opened.',
  scanAgain: 'Scan a label',
  stop: 'Stop camera',
  start: 'Start camera',
  stopped: 'The camera is off.',
} as const;

/** Why the camera is not in use, and what to do instead. */
export const CAMERA_PROBLEMS: Record<CameraProblem, string> = {
  insecure: 'The camera can only be used when the app is opened over https. Type the code printed on the label instead.',
  unsupported: 'This browser cannot use a camera here. Type the code printed on the label instead.',
  refused: 'The camera was not allowed. Allow it in the browser’s site settings to scan, or type the code printed on the label.',
  missing: 'No camera was found on this device. Type the code printed on the label instead.',
  busy: 'The camera is in use by another app. Close it and start the camera again, or type the code.',
  failed: 'The camera could not be opened. Type the code printed on the label instead.',
};
