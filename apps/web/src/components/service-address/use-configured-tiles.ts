import { useMemo, useState } from 'react';
import { useMapSettingsQuery } from './places-api';

/**
 * The map tiles every map of the app draws: the configured tile server's URL template and attribution (null until
 * known), the tile layer's events, and whether the tiles are unavailable (the settings failed, or every tile did), in
 * which case the map says so and still shows its pins on a blank background.
 */
export function useConfiguredTiles() {
  const settings = useMapSettingsQuery();
  const [tiles, setTiles] = useState({ hasLoaded: false, hasFailed: false });
  const tileEvents = useMemo(
    () => ({
      tileload: () => setTiles((state) => (state.hasLoaded ? state : { ...state, hasLoaded: true })),
      tileerror: () => setTiles((state) => (state.hasFailed ? state : { ...state, hasFailed: true })),
    }),
    [],
  );
  return {
    settings: settings.data ?? null,
    tileEvents,
    areTilesUnavailable: settings.isError || (tiles.hasFailed && !tiles.hasLoaded),
  };
}
