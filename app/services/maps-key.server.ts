import { env } from "~/server/env.server";

/**
 * The key the map island loads the Maps JavaScript API with (pages that show a map hand it to the
 * browser), or null without GOOGLE_MAPS_API_KEY: the places stay address links.
 */
export function mapsBrowserKey(): string | null {
  return env().GOOGLE_MAPS_API_KEY ?? null;
}
