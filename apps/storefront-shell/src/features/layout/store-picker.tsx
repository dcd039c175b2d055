import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { platformApi, setSelectedStore, storefrontApi, useSelectedStore } from '@platform/api-client';

const StoreLabel = styled.span`
  margin-right: 6px;
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { display: none; }
`;
const Select = styled.select`font: inherit; padding: 6px 8px; border-radius: 4px; border: 1px solid ${(p) => p.theme.colors.border};`;

/**
 * The selected store location drives prices and stock (Store-Id header). One location is selected
 * automatically; with several, the first is preselected and the shopper can switch here.
 */
export function StorePicker() {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const selected = useSelectedStore();
  const dispatch = useDispatch();
  const locations = business?.about_us.locations ?? [];
  const known = locations.some((l) => l.id === selected);

  useEffect(() => {
    if (locations.length && !known) {
      setSelectedStore(locations[0].id);
      dispatch(platformApi.util.invalidateTags(['Products', 'Cart']));
    }
  }, [locations, known, dispatch]);

  if (locations.length <= 1) return locations[0] ? <span aria-label="Your store">{locations[0].name}</span> : null;
  return (
    <label>
      <StoreLabel>Your store</StoreLabel>
      <Select
        aria-label="Store location"
        value={known ? String(selected) : ''}
        onChange={(e) => {
          setSelectedStore(Number(e.target.value));
          dispatch(platformApi.util.invalidateTags(['Products', 'Cart']));
        }}
      >
        {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
      </Select>
    </label>
  );
}
