import 'leaflet/dist/leaflet.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { divIcon, type LatLngTuple } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { useConfiguredTiles } from './use-configured-tiles';

/** The whole United States before anything is placed; zoom 19 on a matched address. */
export const MAP_DEFAULTS = { center: [37.09, -95.71] as LatLngTuple, zoom: 2, addressZoom: 19, zipZoom: 13 };
export const TILES_UNAVAILABLE_MESSAGE = 'Map tiles are unavailable; the pin still shows the position.';

export type MapPosition = { lat: number; lng: number; isApproximate: boolean };

/**
 * The pin is drawn in HTML, not from Leaflet's image files (which bundlers lose) nor in SVG: it shows on a blank map
 * when no tile loads.
 */
const pinIcon = divIcon({
  className: 'service-address-pin',
  html: '<span style="display:block;width:18px;height:18px;border-radius:50% 50% 50% 0;background:#10AA39;border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 0 2px rgba(0,0,0,.6)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

function zoomFor(position: MapPosition | null): number {
  if (!position) return MAP_DEFAULTS.zoom;
  return position.isApproximate ? MAP_DEFAULTS.zipZoom : MAP_DEFAULTS.addressZoom;
}

/** Moves the map to the position whenever it changes (the map's own center is only read once). */
function FollowPosition({ position }: { position: MapPosition | null }) {
  const map = useMap();
  useEffect(() => {
    map.setView(position ? [position.lat, position.lng] : MAP_DEFAULTS.center, zoomFor(position));
  }, [map, position]);
  return null;
}

function describe(position: MapPosition | null): string {
  if (!position) return 'No position yet: look up a zip code or choose an address.';
  const where = `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}`;
  return position.isApproximate ? `Approximate position (the zip code’s centre): ${where}` : `Position: ${where}`;
}

type PlaceMapProps = { position: MapPosition | null; label?: string };

/**
 * The address on a map: tiles from the configured tile server, a pin at the position. Without a network the tiles
 * fail but the pin still stands on the blank map, and a line says the tiles are unavailable.
 */
export function PlaceMap({ position, label = 'Map of the service address' }: PlaceMapProps) {
  const { settings, tileEvents, areTilesUnavailable } = useConfiguredTiles();

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        role="region"
        aria-label={label}
        sx={{
          height: 280,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.200',
          // Leaflet's credit links differ from their text by colour alone; underlined, they read as links (WCAG 1.4.1).
          '& .leaflet-control-attribution a': { textDecoration: 'underline' },
        }}
      >
        <MapContainer
          center={MAP_DEFAULTS.center}
          zoom={MAP_DEFAULTS.zoom}
          scrollWheelZoom={false}
          style={{ height: '100%', width: '100%' }}
        >
          {settings && (
            <TileLayer url={settings.tileUrl} attribution={settings.attribution} eventHandlers={tileEvents} />
          )}
          {position && (
            <Marker position={[position.lat, position.lng]} icon={pinIcon} interactive={false} keyboard={false} />
          )}
          <FollowPosition position={position} />
        </MapContainer>
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {describe(position)}
      </Typography>
      {areTilesUnavailable && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {TILES_UNAVAILABLE_MESSAGE}
        </Alert>
      )}
    </Box>
  );
}
