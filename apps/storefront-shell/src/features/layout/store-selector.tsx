import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { storefrontApi, type NearbyStore } from '@platform/api-client';
import { Button, Loading } from '@platform/ui';
import { OpeningHours } from '../../components/store-location-bits';

/** Zoom the map goes to when a store is chosen (spec 1 §4). */
const SELECTED_ZOOM = 10;

const Backdrop = styled.div`
  position: fixed; inset: 0; z-index: 95; background: rgba(0,0,0,.4); display: grid; place-items: center;
`;
const Panel = styled.div`
  background: ${(p) => p.theme.colors.surface}; border-radius: ${(p) => p.theme.radius}; padding: 16px 20px; width: min(960px, 96vw);
  max-height: 92vh; display: grid; grid-template-rows: auto auto 1fr auto; gap: 12px;
  h2 { margin: 0; }
  .body { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); gap: 16px; min-height: 0; }
  .list { overflow-y: auto; max-height: 60vh; display: grid; gap: 8px; padding: 2px; margin: 0; list-style: none; }
  .list > li { display: grid; }
  .map { min-height: 360px; border-radius: 4px; background: ${(p) => p.theme.colors.page}; }
  .toggle { display: none; }
  .actions { display: flex; gap: 8px; justify-content: flex-end; }
  @media (max-width: ${(p) => p.theme.breakpoints.md}px) {
    .toggle { display: inline-flex; justify-self: start; }
    .body { grid-template-columns: 1fr; }
    .body[data-view='list'] .map, .body[data-view='map'] .list { display: none; }
  }
`;
const StoreCard = styled.button<{ $chosen: boolean }>`
  text-align: left; font: inherit; padding: 10px 12px; border-radius: 6px; cursor: pointer; background: ${(p) => p.theme.colors.surface};
  border: 2px solid ${(p) => (p.$chosen ? p.theme.colors.primary : p.theme.colors.border)};
  .head { display: flex; justify-content: space-between; gap: 8px; font-weight: 700; }
  .hours { font-size: 0.85rem; color: ${(p) => p.theme.colors.muted}; }
  address { font-style: normal; font-size: 0.9rem; }
`;

/** The locations on a leaflet map; tiles only when a tile URL is configured (tests and offline demos run without). */
function LocationsMap({ stores, focus, tileUrl }: { stores: NearbyStore[]; focus: NearbyStore | null; tileUrl: string | null }) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  useEffect(() => {
    if (!element.current || map.current || !stores.length) return;
    const created = L.map(element.current, { zoomControl: true, attributionControl: Boolean(tileUrl) });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 18, attribution: '&copy; OpenStreetMap contributors' }).addTo(created);
    for (const store of stores) L.circleMarker([store.latitude, store.longitude], { radius: 8 }).bindTooltip(store.name).addTo(created);
    created.fitBounds(L.latLngBounds(stores.map((s) => [s.latitude, s.longitude] as [number, number])).pad(0.3));
    map.current = created;
    return () => { created.remove(); map.current = null; };
  }, [stores, tileUrl]);
  useEffect(() => { if (focus && map.current) map.current.setView([focus.latitude, focus.longitude], SELECTED_ZOOM); }, [focus]);
  return <div ref={element} className="map" role="region" aria-label="Map of our stores" data-zoom-store={focus?.id ?? ''} />;
}

/**
 * The store selector (spec 1 §4): cards with address, phone, hours and distance beside a map; choosing a
 * card zooms the map to it; Select Location stays disabled until a store is chosen and while it is saved.
 */
export function StoreSelectorDialog({ selected, onSelect, onClose, tileUrl }: {
  selected: number | null; onSelect: (storeId: number) => Promise<void> | void; onClose: () => void; tileUrl: string | null;
}) {
  const { data: stores, isLoading, isError } = storefrontApi.useNearbyStoresQuery();
  const [chosen, setChosen] = useState<number | null>(selected);
  const [saving, setSaving] = useState(false);
  const [view, setView] = useState<'list' | 'map'>('list');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  const focus = stores?.find((s) => s.id === chosen) ?? null;
  const select = async () => {
    if (chosen === null) return;
    setSaving(true);
    try { await onSelect(chosen); } finally { setSaving(false); }
  };
  return (
    <Backdrop onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <style>{leafletCss}</style>
      <Panel role="dialog" aria-modal="true" aria-labelledby="store-selector-title">
        <h2 id="store-selector-title" ref={heading} tabIndex={-1}>Choose your store</h2>
        <Button type="button" $variant="secondary" className="toggle" onClick={() => setView(view === 'list' ? 'map' : 'list')}>{view === 'list' ? 'View map' : 'View list'}</Button>
        {isLoading ? <Loading label="Loading our stores…" /> : null}
        {isError ? <p role="alert">We could not load our stores. Please try again.</p> : null}
        {stores ? (
          <div className="body" data-view={view}>
            <ul className="list" aria-label="Our stores">
              {stores.map((store) => (
                <li key={store.id}>
                  <StoreCard type="button" aria-pressed={chosen === store.id} $chosen={chosen === store.id} onClick={() => setChosen(store.id)}>
                    <div className="head"><span>{store.name}</span><span>{store.distance} mi</span></div>
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
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="button" disabled={chosen === null || saving} onClick={() => void select()}>{saving ? 'Saving…' : 'Select Location'}</Button>
        </div>
      </Panel>
    </Backdrop>
  );
}
