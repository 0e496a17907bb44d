/**
 * The scanner's texts (not in the spec; docs/decisions.md: Labels and scanning). They travel with the
 * scanner's own chunk, so the first screen's script does not carry them. Marked for the catalogue
 * here and said with `t` where they are drawn.
 */
import { msg } from '../../../shared/i18n/translate';
import type { CameraProblem } from './camera';

export const SCAN_TEXTS = {
  title: msg('Scan a label'),
  aim: msg("Point the camera at a label's QR code."),
  starting: msg('Opening the camera...'),
  opening: msg('Opening...'),
  videoLabel: msg('Camera view'),
  typeHeading: msg('Or type the code'),
  typeHint: msg('As printed on the label, e.g. A-7K3Q9 or L-4MX2P.'),
  codeLabel: msg('Label code'),
  open: msg('Open'),
  badCode: msg('Type the code as printed on the label, e.g. A-7K3Q9.'),
  failure: msg('This label could not be opened.'),
  scanAgain: msg('Scan a label'),
  stop: msg('Stop camera'),
  start: msg('Start camera'),
  stopped: msg('The camera is off.'),
} as const;

/** Why the camera is not in use, and what to do instead. */
export const CAMERA_PROBLEMS: Record<CameraProblem, string> = {
  insecure: msg('The camera can only be used when the app is opened over https. Type the code printed on the label instead.'),
  unsupported: msg('This browser cannot use a camera here. Type the code printed on the label instead.'),
  refused: msg('The camera was not allowed. Allow it in the browser’s site settings to scan, or type the code printed on the label.'),
  missing: msg('No camera was found on this device. Type the code printed on the label instead.'),
  busy: msg('The camera is in use by another app. Close it and start the camera again, or type the code.'),
  failed: msg('The camera could not be opened. Type the code printed on the label instead.'),
};
