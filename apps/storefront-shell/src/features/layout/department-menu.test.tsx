import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DepartmentNode } from '@platform/api-client';
import { FakeApi, renderScreen } from '../../test-support';
import { DepartmentMenu } from './department-menu';

const node = (dept_id: number, name: string, image_url: string | null, children: DepartmentNode[] = []): DepartmentNode => ({
  dept_id, dept_name: name, name, slug: `${name.toLowerCase().replace(/ /g, '-')}-${dept_id}`, image_url, parent: null, hide_products: false, highlighted: false, children,
});

describe('department mega menu', () => {
  it("shows each sub-department's image in its column, and the name alone where it has none", async () => {
    const tree = [node(1, 'Tools', null, [node(2, 'Power Tools', '/img/power.jpg'), node(3, 'Hand Tools', null)])];
    const { user } = renderScreen(<DepartmentMenu />, '/', { route: '/', api: new FakeApi().on('GET /api/full-departments', { data: tree }) });

    await user.click(screen.getByRole('button', { name: 'Shop by Department' }));
    const columns = await screen.findByLabelText('Tools departments');
    const power = within(columns).getByRole('link', { name: 'Power Tools' });
    expect(power.querySelector('img')?.getAttribute('src')).toBe('/img/power.jpg');
    expect(within(columns).getByRole('link', { name: 'Hand Tools' }).querySelector('img')).toBeNull();
  });
});
