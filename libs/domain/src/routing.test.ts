import { describe, expect, it } from 'vitest';
import { entryAddress, hashRoutingHostsProblems, HASH_ROUTING_HOSTS_MAX, isAdminPath, normalizeHashRoutingHosts, routeOf, routerMode, TOO_MANY_HASH_ROUTING_HOSTS } from './routing';

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

describe('hash-routing hosts as the owner lists them', () => {
  it('takes host names, one of them a name in another script, and keeps each once in the form browsers compare', () => {
    const hosts = [' Shop.Example.com ', 'localhost', 'shop.example.com.', '', 'bücher.example', 'my-store.hosted.example'];
    expect(hashRoutingHostsProblems(hosts)).toEqual({});
    expect(normalizeHashRoutingHosts(hosts)).toEqual(['shop.example.com', 'localhost', 'xn--bcher-kva.example', 'my-store.hosted.example']);
  });

  it('names the first entry that is no host name, saying what to leave out', () => {
    expect(hashRoutingHostsProblems(['shop.example.com', 'https://shop.example.com'])).toEqual({ hashRoutingHosts: "'https://shop.example.com' is a web address: enter its host name alone, e.g. shop.example.com." });
    expect(hashRoutingHostsProblems(['shop.example.com/store']).hashRoutingHosts).toBe("'shop.example.com/store': enter the host name alone, without a path.");
    expect(hashRoutingHostsProblems(['shop.example.com:8080']).hashRoutingHosts).toBe("'shop.example.com:8080': enter the host name without a port.");
    for (const bad of ['shop example.com', '*.example.com', '-shop.example.com', 'shop..example.com', 'shop_1.example.com']) {
      expect(hashRoutingHostsProblems([bad]).hashRoutingHosts, bad).toBe(`'${bad}' is not a host name: use letters, digits, hyphens and dots, e.g. shop.example.com.`);
    }
    // A label longer than 63 characters; a long entry is named by its first 59 characters.
    expect(hashRoutingHostsProblems([`${'a'.repeat(64)}.example.com`]).hashRoutingHosts).toBe(`'${'a'.repeat(59)}…' is not a host name: use letters, digits, hyphens and dots, e.g. shop.example.com.`);
    expect(hashRoutingHostsProblems(Array.from({ length: HASH_ROUTING_HOSTS_MAX + 1 }, (_, i) => `h${i}.example.com`))).toEqual({ hashRoutingHosts: TOO_MANY_HASH_ROUTING_HOSTS });
  });
});
