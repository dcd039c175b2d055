import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { storefrontApi, type NearbyStore } from '@platform/api-client';
import { isZipCode, zipOrigin, ZIP_FORMAT_MESSAGE, ZIP_UNKNOWN_MESSAGE } from '@platform/domain';
import { Button, Loading, Modal } from '@platform/ui';
import { OpeningHours } from '../../components/store-location-bits';

/** Zoom the map goes to when a store is chosen (spec 1 §4). */
const SELECTED_ZOOM = 10;
const LOCATION_FAILED = 'We could not get your location. Enter your ZIP code or choose from the list.';

const Panel = styled(Modal)`
  width: min(960px, calc(100vw - 16px)); max-height: calc(100vh - 16px); padding: 16px 20px;
  > .content { display: grid; grid-template-rows: auto auto auto 1fr auto; gap: 12px; }
  h2 { margin: 0; padding-right: 40px; }
  p { margin: 0; }
  .find { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
  .find form { display: flex; gap: 8px; align-items: end; }
  .find label { display: grid; gap: 4px; font-weight: 600; }
  .find input { font: inherit; font-weight: 400; width: 8.5em; padding: 8px 10px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }
  .find .or { color: ${(p) => p.theme.colors.muted}; padding-bottom: 10px; }
  .body { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); gap: 16px; min-height: 0; }
  .list { overflow-y: auto; max-height: 55vh; display: grid; gap: 8px; padding: 2px; margin: 0; list-style: none; }
  .list > li { display: grid; }
  .map { min-height: 360px; border-radius: 4px; background: ${(p) => p.theme.colors.page}; }
  .toggle { display: none; }
  .actions { display: flex; gap: 8px; justify-content: flex-end; }
  @media (max-width: ${(p) => p.theme.breakpoints.md}px) {
    padding: 12px;
    .toggle { display: inline-flex; justify-self: start; }
    .body { grid-template-columns: 1fr; }
    .list { max-height: 45vh; }
    .map { min-height: 260px; }
    .body[data-view='list'] .map, .body[data-view='map'] .list { display: none; }
    .actions > * { flex: 1; }
  }
`;
const StoreCard = styled.button<{ $chosen: boolean }>`
  text-align: left; font: inherit; padding: 10px 12px; border-radius: 6px; cursor: pointer; background: ${(p) => p.theme.colors.surface};
  border: 2px solid ${(p) => (p.$chosen ? p.theme.colors.primary : p.theme.colors.border)};
  .head { display: flex; justify-content: space-between; gap: 8px; font-weight: 700; }
  .hours { font-size: 0.85rem; color: ${(p) => p.theme.colors.muted}; }
  .nearest { font-size: 0.8rem; font-weight: 700; color: ${(p) => p.theme.colors.primary}; }
  address { font-style: normal; font-size: 0.9rem; }
`;

/** The locations on a leaflet map; tiles only when a tile URL is configured (tests and offline demos run without). */
function LocationsMap({ stores, focus, tileUrl }: { stores: NearbyStore[]; focus: NearbyStore | null; tileUrl: string | null }) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const focusNow = useRef(focus);
  focusNow.current = focus;
  const hasStores = stores.length > 0;
  useEffect(() => {
    if (!element.current || map.current || !hasStores) return;
    const created = L.map(element.current, { zoomControl: true, attributionControl: Boolean(tileUrl) });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 18, attribution: '&copy; OpenStreetMap contributors' }).addTo(created);
    for (const store of stores) L.circleMarker([store.latitude, store.longitude], { radius: 8 }).bindTooltip(store.name).addTo(created);
    const show = () => {
      const at = focusNow.current;
      if (at) created.setView([at.latitude, at.longitude], SELECTED_ZOOM);
      else created.fitBounds(L.latLngBounds(stores.map((s) => [s.latitude, s.longitude] as [number, number])).pad(0.3));
    };
    show();
    // The dialog opens after its content mounts: measure again once it shows.
    const frame = requestAnimationFrame(() => { created.invalidateSize(); show(); });
    map.current = created;
    return () => { cancelAnimationFrame(frame); created.remove(); map.current = null; };
    // The markers are the same stores whichever order the list comes in.
  }, [hasStores, tileUrl]);
  useEffect(() => { if (focus && map.current) map.current.setView([focus.latitude, focus.longitude], SELECTED_ZOOM); }, [focus]);
  return <div ref={element} className="map" role="region" aria-label="Map of our stores" data-zoom-store={focus?.id ?? ''} />;
}

type Origin = { lat: number; lng: number; from: 'location' | 'zip'; zip?: string };

/**
 * The store selector (spec 1 §4), opened from the header and, on a first visit to a store with several
 * locations, by itself (`firstVisit`). 'Use my location' (the browser's, when the shopper allows it; at once
 * when they allowed it before) or a ZIP code orders the stores nearest first and picks the nearest; else the
 * shopper picks from the list. Cards show address, phone, hours and distance beside a map; choosing a card
 * zooms the map to it; Select Location stays disabled until a store is chosen and while it is saved. A native
 * modal dialog: focus stays inside, Escape closes it.
 */
export function StoreSelectorDialog({ selected, onSelect, onClose, tileUrl, firstVisit = false }: {
  selected: number | null; onSelect: (storeId: number) => Promise<void> | void; onClose: () => void; tileUrl: string | null; firstVisit?: boolean;
}) {
  const [origin, setOrigin] = useState<Origin | null>(null);
  const { data: stores, isLoading, isError, isFetching } = storefrontApi.useNearbyStoresQuery(origin ? { lat: origin.lat, lng: origin.lng } : undefined);
  const [chosen, setChosen] = useState<number | null>(firstVisit ? null : selected);
  const [saving, setSaving] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const [zip, setZip] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const canLocate = typeof navigator !== 'undefined' && Boolean(navigator.geolocation);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);

  // Ordered from the shopper: the nearest is chosen for them (they still confirm with Select Location).
  const nearest = origin && !isFetching ? stores?.[0] ?? null : null;
  useEffect(() => { if (nearest) setChosen(nearest.id); }, [nearest]);

  const locate = () => {
    if (!canLocate) return;
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => { setLocating(false); setOrigin({ lat: position.coords.latitude, lng: position.coords.longitude, from: 'location' }); },
      () => { setLocating(false); setProblem(LOCATION_FAILED); },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  // A shopper who already let this store see their location is not asked again: the nearest comes first at once.
  useEffect(() => {
    if (!firstVisit || !canLocate || !navigator.permissions?.query) return;
    let live = true;
    navigator.permissions.query({ name: 'geolocation' }).then((status) => { if (live && status.state === 'granted') locate(); }, () => undefined);
    return () => { live = false; };
  }, [firstVisit]);

  const findByZip = (event: FormEvent) => {
    event.preventDefault();
    if (!isZipCode(zip)) { setProblem(ZIP_FORMAT_MESSAGE); return; }
    const point = zipOrigin(zip, stores ?? []);
    if (!point) { setProblem(ZIP_UNKNOWN_MESSAGE); return; }
    setProblem(null);
    setOrigin({ lat: point.latitude, lng: point.longitude, from: 'zip', zip: zip.trim().slice(0, 5) });
  };

  const focus = stores?.find((s) => s.id === chosen) ?? null;
  const select = async () => {
    if (chosen === null) return;
    setSaving(true);
    try { await onSelect(chosen); } finally { setSaving(false); }
  };
  const found = nearest ? `Nearest to ${origin?.from === 'zip' ? `ZIP ${origin.zip}` : 'you'}: ${nearest.name}.` : '';
  return (
    <Panel open onClose={onClose} labelledBy="store-selector-title" testId="store-selector">
      <style>{leafletCss}</style>
      <div className="content">
        <h2 id="store-selector-title" ref={heading} tabIndex={-1}>Choose your store</h2>
        {firstVisit ? <p>Prices, stock and pickup are for the store you choose. You can change it at any time from the top of the page.</p> : null}
        <div className="find">
          {canLocate ? <Button type="button" $variant="secondary" disabled={locating} onClick={locate}>{locating ? 'Finding you…' : 'Use my location'}</Button> : null}
          {canLocate ? <span className="or">or</span> : null}
          <form onSubmit={findByZip} noValidate>
            <label>ZIP code
              <input value={zip} onChange={(e) => setZip(e.target.value)} inputMode="numeric" autoComplete="postal-code" maxLength={10}
                aria-invalid={problem === ZIP_FORMAT_MESSAGE} aria-describedby="store-selector-problem" />
            </label>
            <Button type="submit" $variant="secondary">Find nearest</Button>
          </form>
          <Button type="button" $variant="secondary" className="toggle" onClick={() => setView(view === 'list' ? 'map' : 'list')}>{view === 'list' ? 'View map' : 'View list'}</Button>
        </div>
        <div id="store-selector-problem" role={problem ? 'alert' : 'status'} aria-live="polite">{problem ?? found}</div>
        {isLoading ? <Loading label="Loading our stores…" /> : null}
        {isError ? <p role="alert">We could not load our stores. Please try again.</p> : null}
        {stores ? (
          <div className="body" data-view={view}>
            <ul className="list" aria-label="Our stores">
              {stores.map((store) => (
                <li key={store.id}>
                  <StoreCard type="button" aria-pressed={chosen === store.id} $chosen={chosen === store.id} onClick={() => setChosen(store.id)}>
                    {nearest?.id === store.id ? <span className="nearest">Nearest</span> : null}
                    <div className="head"><span>{store.name}</span>{origin || !firstVisit ? <span>{store.distance} mi</span> : null}</div>
                    <address>{store.address}, {store.city}, {store.state} {store.zip}</address>
                    {store.phone ? <div>{store.phone}</div> : null}
                    <OpeningHours className="hours" hours={store.hours} />
                  </StoreCard>
                </li>
              ))}
            </ul>
            <LocationsMap stores={stores} focus={focus} tileUrl={tileUrl} />
          </div>
        ) : null}
        <div className="actions">
          <Button type="button" $variant="secondary" onClick={onClose}>{firstVisit ? 'Not now' : 'Cancel'}</Button>
          <Button type="button" disabled={chosen === null || saving} onClick={() => void select()}>{saving ? 'Saving…' : 'Select Location'}</Button>
        </div>
      </div>
    </Panel>
  );
}
