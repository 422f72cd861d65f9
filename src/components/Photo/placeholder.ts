/** ThumbHash (base64) → PNG data URL, decoded once per hash (a listing shows the same ones again). */
import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string>();

export function placeholderUrl(hash: string): string {
  let url = cache.get(hash);
  if (url === undefined) {
    try {
      const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
      url = thumbHashToDataURL(bytes);
    } catch {
      url = '';
    }
    if (cache.size > 500) cache.clear();
    cache.set(hash, url);
  }
  return url;
}
