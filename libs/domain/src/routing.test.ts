import { describe, expect, it } from 'vitest';
import { entryAddress, isAdminPath, routeOf, routerMode } from './routing';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('router mode', () => {
  it('routes by path as the norm, by hash in another page\'s frame or on a host the store names', () => {
    expect(routerMode({ framed: false, hostname: 'shop.example.test', hashRoutingHosts: [] })).toBe('history');
    expect(routerMode({ framed: true, hostname: 'shop.example.test', hashRoutingHosts: [] })).toBe('hash');
    expect(routerMode({ framed: false, hostname: 'Store.Hosted.Example', hashRoutingHosts: [' store.hosted.example '] })).toBe('hash');
    expect(routerMode({ framed: false, hostname: 'www.store.hosted.example', hashRoutingHosts: ['store.hosted.example'] })).toBe('history');
  });

  it('counts /admin and its pages as the back office, nothing else', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/orders')).toBe(true);
    expect(isAdminPath('/administration')).toBe(false);
    expect(isAdminPath('/p/admin')).toBe(false);
  });
});

describe('reading and entering addresses', () => {
  it('reads the route from a hash route or from the path', () => {
    expect(routeOf(at('/', '', '#/p/drill?store=2'))).toEqual({ pathname: '/p/drill', search: '?store=2', hash: '' });
    expect(routeOf(at('/', '', '#/store-info#hours'))).toEqual({ pathname: '/store-info', search: '', hash: '#hours' });
    expect(routeOf(at('/p/drill', '?store=2', '#reviews'))).toEqual({ pathname: '/p/drill', search: '?store=2', hash: '#reviews' });
  });

  it('in hash mode turns a path opened from outside into the hash route, and leaves a hash route alone', () => {
    expect(entryAddress('hash', at('/cart', '?payment=7'))).toBe('/#/cart?payment=7');
    expect(entryAddress('hash', at('/', '?store=2'))).toBe('/#/?store=2');
    expect(entryAddress('hash', at('/', '', '#main-content'))).toBe('/#/');
    expect(entryAddress('hash', at('/', '', '#/login'))).toBeNull();
    expect(entryAddress('hash', at('/', ''))).toBe('/#/');
    expect(entryAddress('hash', at('/old', '', '#/login'))).toBe('/#/login');
  });

  it('in history mode turns a hash route (a link copied out of a frame) into its path, and leaves paths alone', () => {
    expect(entryAddress('history', at('/', '', '#/orders?order=12'))).toBe('/orders?order=12');
    expect(entryAddress('history', at('/p/drill', '', '#reviews'))).toBeNull();
    expect(entryAddress('history', at('/', ''))).toBeNull();
  });
});
