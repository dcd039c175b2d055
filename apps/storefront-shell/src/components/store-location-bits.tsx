import { Fragment } from 'react';
import styled from 'styled-components';
import { hoursRows, telephoneHref, type WeekHours } from '@platform/domain';

const Hours = styled.span`display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin-top: 6px;`;

/** A location's week, consecutive equal days merged (spec 1 §9); a span, so it may sit inside a button. */
export function OpeningHours({ hours, className }: { hours: WeekHours; className?: string }) {
  return <Hours className={className}>{hoursRows(hours).map((row) => <Fragment key={row.days}><span>{row.days}</span><span>{row.text}</span></Fragment>)}</Hours>;
}

/** A store's phone number as a link that dials it. */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={telephoneHref(phone)}>{phone}</a>;
}
