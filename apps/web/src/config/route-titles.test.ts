import { describe, expect, it } from 'vitest';
import { routeTitles } from './route-titles';
import { NOT_FOUND_TITLE, routes } from './routes';

describe('routeTitles', () => {
  it('lists every route with its title and ends with the not-found title', () => {
    const titles = routeTitles();
    expect(titles).toContainEqual({ path: '/', title: routes.Main.title });
    expect(titles).toContainEqual({ path: '/order/:id', title: 'Мой заказ' });
    expect(titles).toHaveLength(Object.keys(routes).length + 1);
    expect(titles.at(-1)).toEqual({ path: '*', title: NOT_FOUND_TITLE });
  });
});
