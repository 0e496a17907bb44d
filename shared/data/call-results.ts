/**
 * What the data worker's calls answer (reads, writes, files), and the files handed to it: the leaf
 * of the client's contract, which each area's calls (`shared/areas/`) and the protocol both use.
 * Realm-free: structural stand-ins instead of DOM or worker typings.
 */

export interface BlobLike {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A file chosen in a form and handed to the data worker (work-order attachments, an asset's thumbnail). */
export interface ChosenFile {
  name: string;
  type: string;
  blob: BlobLike;
}

/** A read that may have come from the saved cache (behaviour §3 Cached response, behaviour §4). */
export interface ReadResult<T> {
  data: T;
  fromCache: boolean;
  /** When the data was fetched from the server (ISO). */
  cachedAt: string | null;
}

/**
 * A file the server answered with (a PDF report). The worker hands its bytes over to the tab
 * (transferred, not copied: `src-worker/kit/binary.ts`); the tab makes a Blob of them.
 */
export interface BinaryAnswer {
  bytes: ArrayBuffer;
  /** The answer's Content-Type, e.g. "application/pdf". */
  type: string;
  /** The file name the server suggested, if any. */
  fileName: string | null;
}

/** A create/claim/unclaim/complete: done now, or stored to send later (behaviour §4 Offline handling). */
export type MutationResult<T> = { status: 'done'; data: T; message: string } | { status: 'queued'; queueId: string; message: string };
