/** A record's small picture on its card or detail (parts, assets); nothing when it has none. */
export function RecordThumbnail({ url, large = false }: { url: string | null; large?: boolean }) {
  // Decorative beside the record's name, which says what it is.
  return url ? <img className={large ? 'record-thumbnail record-thumbnail-large' : 'record-thumbnail'} src={url} alt="" loading="lazy" /> : null;
}
