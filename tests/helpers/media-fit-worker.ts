/**
 * A dedicated worker around `src-worker/media/` for the browser tests: it receives files, fits them
 * with the real code and answers with the results and the time taken. Bundled by the spec.
 */
import { fitAttachments, type AttachmentFile } from '../../src-worker/media/fit-image';

export interface FitRequest {
  files: AttachmentFile[];
}

export interface FitReply {
  fitted: AttachmentFile[];
  ms: number;
}

self.onmessage = async (event: MessageEvent<FitRequest>) => {
  const started = performance.now();
  const fitted = await fitAttachments(event.data.files);
  const reply: FitReply = { fitted, ms: performance.now() - started };
  self.postMessage(reply);
};
