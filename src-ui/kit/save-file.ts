/** A file the data worker read for the tab (a PDF report, a CSV export), handed to the browser as a download. */
import type { BinaryAnswer } from '../../shared/data/protocol';

export function saveFile(answer: BinaryAnswer, fileName: string, fallbackType = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([answer.bytes], { type: answer.type || fallbackType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
