/**
 * Does an `If-None-Match` header name this entity tag? RFC 9110 §13.1.2: a list of tags or `*`,
 * compared weakly (`W/"x"` and `"x"` name the same representation). One rule for every route
 * that answers 304: the catalog's answers, their cached hits and the media files.
 */
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = opaque(etag);
  return header.split(',').some((listed) => {
    const tag = listed.trim();
    return tag === '*' || opaque(tag) === wanted;
  });
}
