import { isAppPage } from '@otklik/contract/site-constants';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every page address of the router, with a sample id for its parameters. */
function pagePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => {
    const own =
      route.index === true
        ? ['/']
        : route.path && !route.path.endsWith('*')
          ? [`/${route.path.replace(/:\w+/g, '3f1c2a7e-9b0d-4c55-8e21-6d7f0a9b1c2d')}`]
          : [];
    return [...own, ...pagePaths(route.children ?? [])];
  });
}

describe('the server knows the pages of the router', () => {
  it('answers 200, not 404, for every page the router has (isAppPage is the server-side copy)', () => {
    const paths = pagePaths(routes);
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) expect(isAppPage(path), path).toBe(true);
  });
});
