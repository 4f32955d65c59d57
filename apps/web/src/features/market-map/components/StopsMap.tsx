import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import { MARKET_MAP_CENTER, type Depot, type MapPoint, type MapStopDetail } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { TILES_UNAVAILABLE_MESSAGE } from '../../../components/service-address/PlaceMap';
import { useConfiguredTiles } from '../../../components/service-address/use-configured-tiles';

const CENTER: LatLngTuple = [MARKET_MAP_CENTER.lat, MARKET_MAP_CENTER.lng];
const SELECTED = '#1565c0';
const UNSELECTED = '#10AA39';

/**
 * A stop's marker, drawn in HTML so it shows on a blank map without tiles: a dot, or the stop's number in its crew's
 * ordered route; blue when selected.
 */
function stopIcon(isSelected: boolean, position: number | null) {
  const colour = isSelected ? SELECTED : UNSELECTED;
  const label = position === null ? '' : String(position);
  return divIcon({
    className: 'market-map-stop',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:50%;background:${colour};color:#fff;font:bold 11px sans-serif;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.7)">${label}</span>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });
}

const depotIcon = divIcon({
  className: 'market-map-depot',
  html: '<span style="display:block;width:18px;height:18px;background:#333;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.7)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

/** Fits the map to the day's stops whenever they change; the default centre while there are none. */
function FitStops({ stops }: { stops: readonly MapPoint[] }) {
  const map = useMap();
  useEffect(() => {
    if (stops.length === 0) {
      map.setView(CENTER, MARKET_MAP_CENTER.zoom);
      return;
    }
    map.fitBounds(latLngBounds(stops.map((stop): LatLngTuple => [stop.lat, stop.lng])), { padding: [24, 24] });
  }, [map, stops]);
  return null;
}

type StopsMapProps = {
  stops: readonly MapPoint[];
  /** Who and where the stops of the list are: their markers are named by their address, the others by number. */
  details: ReadonlyMap<number, MapStopDetail>;
  selected: ReadonlySet<number>;
  onClickStop: (id: number) => void;
  /** The market's depot, and whether the ordered route's line is drawn from it through the numbered stops. */
  depot: Depot | null;
  isRouteShown: boolean;
};

/**
 * The day's stops on a map, clustered so a market-day of thousands stays smooth. Each marker is a keyboard-focusable
 * button named by its address when the list shows it, else by its property number; the list beside the map offers
 * the same choices.
 */
export function StopsMap({ stops, details, selected, onClickStop, depot, isRouteShown }: StopsMapProps) {
  const { settings, tileEvents, areTilesUnavailable } = useConfiguredTiles();
  const route = useMemo(() => {
    if (!isRouteShown || !depot) return null;
    const ordered = stops
      .filter((stop) => stop.routePosition !== null)
      .sort((first, second) => (first.routePosition ?? 0) - (second.routePosition ?? 0));
    if (ordered.length === 0) return null;
    const home: LatLngTuple = [depot.lat, depot.lng];
    return [home, ...ordered.map((stop): LatLngTuple => [stop.lat, stop.lng]), home];
  }, [depot, isRouteShown, stops]);

  return (
    <Box>
      <Box
        role="region"
        aria-label="Map of the day's stops"
        sx={{
          height: 480,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.200',
          '& .leaflet-control-attribution a': { textDecoration: 'underline' },
        }}
      >
        {/* The clusters need the map's own zoom range: without tiles there is no layer to give one. */}
        <MapContainer
          center={CENTER}
          zoom={MARKET_MAP_CENTER.zoom}
          minZoom={3}
          maxZoom={19}
          style={{ height: '100%', width: '100%' }}
        >
          {settings && (
            <TileLayer url={settings.tileUrl} attribution={settings.attribution} eventHandlers={tileEvents} />
          )}
          <MarkerClusterGroup chunkedLoading>
            {stops.map((stop) => (
              <Marker
                key={stop.propertyId}
                position={[stop.lat, stop.lng]}
                icon={stopIcon(selected.has(stop.propertyId), isRouteShown ? stop.routePosition : null)}
                title={details.get(stop.propertyId)?.serviceAddress ?? `Property ${stop.propertyId}`}
                eventHandlers={{ click: () => onClickStop(stop.propertyId) }}
              />
            ))}
          </MarkerClusterGroup>
          {route && depot && (
            <>
              <Polyline positions={route} pathOptions={{ color: SELECTED, weight: 3 }} />
              <Marker position={[depot.lat, depot.lng]} icon={depotIcon} title={`Depot: ${depot.address}`} />
            </>
          )}
          <FitStops stops={stops} />
        </MapContainer>
      </Box>
      {areTilesUnavailable && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {TILES_UNAVAILABLE_MESSAGE}
        </Alert>
      )}
    </Box>
  );
}
